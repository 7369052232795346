import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_SESSION, useSessionStore, type LogInDetails } from '../../session/session-store';
import { MfaLoginScreen } from './mfa-login-screen';

const HELD: LogInDetails = {
  identifier: 'ada@example.com',
  password: 'correct horse battery staple',
  ticket: null,
  platform: 'web',
  email: 'ada@example.com',
  isCompanyMFA: true,
  isEmailMFA: false,
  isAuthenticatorAppMFA: true,
  MFAType: 2,
  mayTrustDevice: true,
};

const open = (details: LogInDetails) => {
  useSessionStore.setState({ ...INITIAL_SESSION, logInDetails: details }, true);
  render(
    <MemoryRouter>
      <MfaLoginScreen />
    </MemoryRouter>,
  );
};

afterEach(() => useSessionStore.setState(INITIAL_SESSION, true));

describe('Multi-Factor Authentication: "Don\'t ask again on this device"', () => {
  it.each(['web', 'desktop'] as const)('offers the box on %s (the desktop apps keep the device token in their keychain)', (platform) => {
    open({ ...HELD, platform });
    expect(screen.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" })).not.toBeChecked();
  });

  it('offers no box when a company of the user forbids trusted devices', () => {
    open({ ...HELD, platform: 'desktop', mayTrustDevice: false });
    expect(screen.getByRole('heading', { name: 'Multi-Factor Authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('Multi-Factor Authentication: the footer', () => {
  it('offers a new code and the recovery code on two lines, a button and a link, each in its own paragraph', () => {
    open({ ...HELD, isEmailMFA: true, isAuthenticatorAppMFA: false, MFAType: 1 });
    const resend = screen.getByRole('button', { name: /^Resend OTP/ });
    const recovery = screen.getByRole('link', { name: 'Add Recovery Code' });
    const resendLine = resend.closest('p')!;
    const recoveryLine = recovery.closest('p')!;
    expect(resendLine).not.toBe(recoveryLine);
    expect(resendLine.textContent).toMatch(/^Did not get it\? Resend OTP/);
    expect(within(resendLine).queryByRole('link')).not.toBeInTheDocument();
    expect(recoveryLine).toHaveTextContent(/^Lost your device\? Add Recovery Code$/);
  });
});
