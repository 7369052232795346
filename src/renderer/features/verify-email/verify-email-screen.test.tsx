import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { MESSAGES } from '../../../shared/validation/messages';

// The screen with the server's side played by a recorded `call`.
const calls: { event: string; payload: Record<string, unknown> }[] = [];
let activate: (payload: Record<string, unknown>) => unknown = () => undefined;
vi.mock('../../api', () => ({
  call: (event: string, payload: Record<string, unknown>) => {
    calls.push({ event, payload });
    if (event !== 'activateAccount') return Promise.reject(new Error(`no reply for ${event}`));
    try {
      return Promise.resolve(activate(payload));
    } catch (error) {
      return Promise.reject(error);
    }
  },
  errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));
// Cookies need the portal's settings; what the screen stores is not what is tested here.
vi.mock('../../session/saved-session', () => ({
  saveEmail: vi.fn(),
  saveSignIn: vi.fn(),
  forgetReferralCodes: vi.fn(),
  forgetPreviousUrl: vi.fn(),
  peekPreviousUrl: () => null,
}));
vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }));

const { VerifyEmailScreen } = await import('./verify-email-screen');

const EMAIL = 'chooser@fresh.test';
const PASSWORD = 'Chosen#Pass123';
/** The server's words when it asks for a password with the code (the screen shows them as they come). */
const CHOOSE_PASSWORD = 'Choose a password to finish verifying your account.';

beforeEach(() => {
  calls.length = 0;
});

const renderScreen = () =>
  render(
    <MemoryRouter initialEntries={[`/verify-email?email=${encodeURIComponent(EMAIL)}`]}>
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailScreen />} />
        <Route path="/workspace" element={<h1>Select Organization</h1>} />
      </Routes>
    </MemoryRouter>,
  );

describe('Verify Your Email for an account without a password it chose', () => {
  it('shows the password fields when the server asks for them, and sends them with the same code', async () => {
    activate = (payload) => {
      if (payload.password === undefined) throw new CallError(ERROR_CODES.BAD_REQUEST, CHOOSE_PASSWORD, { fields: ['password'] });
      return { token: 'a-token', email: EMAIL };
    };
    const user = userEvent.setup();
    renderScreen();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent(CHOOSE_PASSWORD);
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password must have' })).toBeInTheDocument();
    // No alert: being asked for a password is not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The rules of spec section 5 before anything goes: nothing is sent with a mismatched confirmation.
    await user.type(screen.getByLabelText('New Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm Password'), 'Chosen#Pass124');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MESSAGES.passwordMismatch));
    expect(calls).toHaveLength(1);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Select Organization' })).toBeInTheDocument();
    expect(calls.map((c) => c.payload)).toEqual([
      { otp: '123456', email: EMAIL },
      { otp: '123456', email: EMAIL, password: PASSWORD, cpassword: PASSWORD },
    ]);
  });

  it("shows a wrong code's message and no password fields", async () => {
    activate = () => {
      throw new CallError(ERROR_CODES.FORBIDDEN, MESSAGES.invalidOtp);
    };
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidOtp);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
