import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast, Toaster, TOAST_AUTO_CLOSE_MS, TOAST_TIMEOUT_MS } from './toast';

describe('toasts (spec section 8)', () => {
  it('shows a success as a status with a check icon and an error as an alert with a warning icon, no close button, no progress bar', async () => {
    render(<Toaster />);
    act(() => {
      showToast('Password updated successfully.');
      showToast('Invalid Recovery Code', 'error');
    });
    const success = await screen.findByRole('status');
    const error = await screen.findByRole('alert');
    expect(success).toHaveTextContent('Password updated successfully.');
    expect(error).toHaveTextContent('Invalid Recovery Code');
    expect(success.closest('.Toastify__toast')?.querySelector('.toast-icon-check')).not.toBeNull();
    expect(error.closest('.Toastify__toast')?.querySelector('.toast-icon-warning')).not.toBeNull();
    expect(document.querySelector('.Toastify__toast-container--top-center')).not.toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('closes after 5000 ms, or 3000 ms where the short time applies', async () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(TOAST_AUTO_CLOSE_MS).toBe(3000);
    render(<Toaster />);
    act(() => {
      showToast('Saved');
      showToast('Link copied', 'success', { durationMs: TOAST_AUTO_CLOSE_MS });
    });
    const toastOf = async (text: string) => (await screen.findByText(text)).closest('.Toastify__toast') as HTMLElement;
    const saved = await toastOf('Saved');
    const copied = await toastOf('Link copied');
    // react-toastify times the auto-close with the (invisible) progress bar's CSS animation: its duration is the time.
    const timer = (toast: HTMLElement) => toast.querySelector('.Toastify__progress-bar--animated') as HTMLElement;
    expect(timer(saved)).toHaveStyle({ animationDuration: '5000ms' });
    expect(timer(copied)).toHaveStyle({ animationDuration: '3000ms' });
    // jsdom runs no CSS animation, so the animations' ends are signalled by hand: enter, the timer, then exit.
    fireEvent.animationEnd(copied);
    // (React listens for the prefixed name where the engine has no AnimationEvent, as in jsdom.)
    fireEvent(timer(copied), new Event('webkitAnimationEnd', { bubbles: true }));
    await waitFor(() => expect(copied).toHaveClass('toast-exit'));
    fireEvent.animationEnd(copied);
    await waitFor(() => expect(screen.queryByText('Link copied')).not.toBeInTheDocument());
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
