import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/validation/messages';
import { SignInForm } from './sign-in-form';

// The form paints without react-hook-form or zod; its rules load after the first paint. These tests drive it as a
// user does and check what the user sees.
function renderForm(serverError: string | null = null) {
  const onSubmit = vi.fn(async () => undefined);
  render(
    <MemoryRouter>
      <SignInForm loading={false} serverError={serverError} forgotPasswordTo="/forgot-password" identifierLabel="Email or User Name" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return { onSubmit, identifier: screen.getByLabelText('Email or User Name'), password: screen.getByLabelText('Password') };
}

describe('the sign-in form', () => {
  it("shows 'Required*' under both empty fields on Login, focuses the identifier and does not submit", async () => {
    const user = userEvent.setup();
    const { onSubmit, identifier, password } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(identifier).toHaveFocus());
    expect(identifier).toHaveAccessibleDescription('Required*');
    expect(password).toHaveAccessibleDescription('Required*');
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('after a failed submit, a message follows each change; the short password takes the focus', async () => {
    const user = userEvent.setup();
    const { onSubmit, identifier, password } = renderForm();
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(identifier).toHaveAccessibleDescription('Required*'));
    expect(password).toHaveAccessibleDescription(MESSAGES.passwordMin);

    await user.type(identifier, 'ada');
    expect(identifier).toHaveAccessibleDescription('');
    expect(identifier).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, '-long-enough');
    expect(password).toHaveAccessibleDescription('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits by Enter with the values trimmed, and shows the server error under the password', async () => {
    const user = userEvent.setup();
    const { onSubmit, identifier, password } = renderForm('Invalid credentials.');
    await user.type(identifier, ' ada@example.com  ');
    await user.type(password, 'correct horse{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ identifier: 'ada@example.com', password: 'correct horse' }));
    expect(password).toHaveAccessibleDescription(/^\s*Invalid credentials\.$/);
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
