import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../shared/protocol/errors';
import { MESSAGES } from '../../shared/validation/messages';
import { Avatar, AVATAR_FALLBACK_SRC } from './avatar';
import { ChoiceCard } from './choice-card';
import { CopyButton, copyLink } from './copy';
import { GlobalErrorAlert, installGlobalErrorHandler, replyErrorMessage } from './global-error';
import { SearchInput, searchable } from './search-input';
import { Tag, truncateTag } from './tag';
import { TextField } from './text-field';
import { Toaster } from './toast';
import { Tooltip } from './tooltip';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Avatar', () => {
  it('is 40 wide by default, named, and requests the fallback image when its image fails', () => {
    render(<Avatar name="Acme Corporation" image="https://cdn.test/broken.png" />);
    const image = screen.getByRole('img', { name: 'Acme Corporation' });
    expect(image).toHaveAttribute('width', '40');
    expect(image).toHaveAttribute('src', 'https://cdn.test/broken.png');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', AVATAR_FALLBACK_SRC);
    // A failing fallback is not retried in a loop.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', AVATAR_FALLBACK_SRC);
  });

  it('shows the fallback without an image, at the width asked', () => {
    render(<Avatar name="Ada" width={72} />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('src', AVATAR_FALLBACK_SRC);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('height', '72');
  });
});

describe('TextField', () => {
  it('removes leading spaces as typed (spec section 5)', async () => {
    const user = userEvent.setup();
    function Field() {
      const [value, setValue] = useState('');
      return <TextField id="name" label="First Name" value={value} onChange={(event) => setValue(event.target.value)} />;
    }
    render(<Field />);
    const input = screen.getByLabelText('First Name');
    await user.type(input, '   Ada Lovelace');
    expect(input).toHaveValue('Ada Lovelace');
  });

  it('shows the field message, and a field may keep leading spaces when it must', async () => {
    render(<TextField id="note" label="Note" keepLeadingSpaces error={MESSAGES.required} defaultValue="" />);
    await userEvent.type(screen.getByLabelText('Note'), '  x');
    expect(screen.getByLabelText('Note')).toHaveValue('  x');
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Required*');
    expect(screen.getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Tooltip', () => {
  it('opens 500 ms after the pointer or the keyboard reaches its element', async () => {
    render(
      <Tooltip content="Full name">
        <button type="button">Name</button>
      </Tooltip>,
    );
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Name' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('Full name');
  });
});

describe('Tag', () => {
  it('cuts a title at 30 characters and keeps the whole title for assistive technology', () => {
    expect(truncateTag('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncateTag('y'.repeat(31))).toBe(`${'y'.repeat(30)}…`);
    render(<Tag title="Quarterly performance review cycle 2026" />);
    expect(screen.getByText('Quarterly performance review c…')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Quarterly performance review cycle 2026')).toHaveClass('visually-hidden');
  });
});

describe('SearchInput', () => {
  it('fires 500 ms after typing stops, at 2 characters or more, and once more when cleared', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput id="s" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(600));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'ad' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'ada' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ada');
    fireEvent.change(box, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(searchable(' a ')).toBe(false);
  });

  it('waits 1000 ms for tickets', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput id="t" label="Search tickets" tickets onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tickets' }), { target: { value: 'vpn' } });
    act(() => vi.advanceTimersByTime(999));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith('vpn');
  });
});

describe('copy link and copy button', () => {
  it("puts the link on the clipboard and toasts '{label} link copied to clipboard.'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Toaster />);
    await act(() => copyLink('https://portal.test/invite/abc', 'Invitation'));
    expect(writeText).toHaveBeenCalledWith('https://portal.test/invite/abc');
    expect(await screen.findByRole('status', {}, { timeout: 3000 })).toHaveTextContent('Invitation link copied to clipboard.');
  });

  it('says in place that a value was copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton value="JBSWY3DP" label="Copy secret key" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DP');
    expect(await screen.findByText(/Copied/)).toBeInTheDocument();
  });
});

describe('ChoiceCard', () => {
  it('is a real radio named by its title and described by its line, operable with arrow keys', async () => {
    const user = userEvent.setup();
    function Choices() {
      const [value, setValue] = useState<'email' | 'app'>('email');
      return (
        <fieldset>
          <legend>Send the code by</legend>
          <ChoiceCard type="radio" name="f" label="Work email" description="A code by email" checked={value === 'email'} onChange={() => setValue('email')} />
          <ChoiceCard type="radio" name="f" label="Authenticator app" description="A code from your app" checked={value === 'app'} onChange={() => setValue('app')} />
        </fieldset>
      );
    }
    render(<Choices />);
    const email = screen.getByRole('radio', { name: 'Work email' });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription('A code by email');
    await user.click(screen.getByText('Authenticator app'));
    expect(screen.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();
  });
});

describe('global error handler', () => {
  it("shows a reply's data.error in an alert, never a 401", async () => {
    expect(replyErrorMessage(new CallError(403, 'Not a member of this organization.'))).toBe('Not a member of this organization.');
    expect(replyErrorMessage(new CallError(401, 'Session ended.'))).toBeNull();
    expect(replyErrorMessage({ data: { error: 'Quota exceeded' } })).toBe('Quota exceeded');
    expect(replyErrorMessage(new Error('x'))).toBeNull();

    const remove = installGlobalErrorHandler(window);
    render(<GlobalErrorAlert />);
    const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: new CallError(403, 'Not a member of this organization.') });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    const alert = await screen.findByRole('alertdialog', { name: 'Oops!!' });
    expect(alert).toHaveAccessibleDescription('Not a member of this organization.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    remove();
  });
});
