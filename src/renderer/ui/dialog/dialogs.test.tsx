import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CommentDialog } from './comment-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { DefaultDialog } from './default-dialog';
import { Modal } from './modal';

function Opener({ confirmClose }: { confirmClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Import
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Import employees" confirmClose={confirmClose}>
        <input aria-label="Sheet name" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  // Focus return and the Tab trap need layout, which jsdom lacks: Ariakit covers them in real browsers.
  it('is a labelled dialog at most 660 px wide that takes focus and ESC closes', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import employees' });
    expect(dialog).toHaveStyle({ maxWidth: '660px' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("asks before closing, with the spec's default texts", async () => {
    const user = userEvent.setup();
    render(<Opener confirmClose />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('dialog', { name: 'Import employees' });
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Something went wrong.' });
    expect(confirm).toHaveAccessibleDescription('Are you sure want to close Import Employee sheet?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Import employees' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('DefaultDialog', () => {
  it("says 'Oops!!' and 'Something went wrong' by default", async () => {
    const onClose = vi.fn();
    render(<DefaultDialog open onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Oops!!' });
    expect(dialog).toHaveAccessibleDescription('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  it("asks to type the uppercased word, at most 25 characters, and offers 'apply the change for all the company'", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmDialog open title="Delete holiday" word="delete" offerApplyToCompany onConfirm={onConfirm} onCancel={() => undefined} />);
    const input = await screen.findByLabelText('Please Type DELETE');
    expect(input).toHaveAttribute('maxLength', '25');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'apply the change for all the company' }));
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ applyToCompany: true });
  });
});

describe('CommentDialog', () => {
  it('requires a comment of 3 to 500 characters', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<CommentDialog open title="Reject request" onSubmit={onSubmit} onCancel={() => undefined} />);
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    expect(box).toHaveAttribute('maxLength', '500');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Required*')).toBeInTheDocument();
    await user.type(box, '  ok');
    expect(box).toHaveValue('ok');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter at least 3 characters.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(box, 'ay');
    expect(screen.getByText('4/500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('okay');
  });
});
