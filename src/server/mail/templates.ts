import { PRODUCT_NAME, type MailMessage } from './mailer';
import { CODE_LIFETIMES } from '../auth/one-time-codes';
import { escapeHtml } from '../../shared/escape-html';

const minutes = (seconds: number) => {
  const value = Math.round(seconds / 60);
  if (value >= 60 * 24) return `${Math.round(value / 60 / 24)} days`;
  if (value >= 60) return `${Math.round(value / 60)} hour${value === 60 ? '' : 's'}`;
  return `${value} minutes`;
};

interface Body {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** A code shown large, or a link shown as a button and as plain text. */
  code?: string;
  link?: { label: string; url: string };
  footer: string;
}

function compose({ to, subject, greeting, lines, code, link, footer }: Body): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...(code ? [`    ${code}`, ''] : []),
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    footer,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:12px">${escapeHtml(link.url)}</p>` : ''}
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

const IGNORE = 'If you did not ask for this, you can ignore this message.';

/**
 * The six-digit code that verifies a new account (company sign-up, member registration), or lets an account without
 * a password it chose set one (`choosePassword`).
 */
export function verificationCodeMail(to: string, firstName: string, code: string, verifyUrl: string, choosePassword = false): MailMessage {
  return compose({
    to,
    subject: 'Verify your email',
    greeting: `Hello ${firstName},`,
    lines: [
      `Enter this code on the Verify Your Email screen of ${PRODUCT_NAME}. It expires in ${minutes(CODE_LIFETIMES.verifyAccount)} and works once.`,
      ...(choosePassword ? ['Your account has no password yet: you will choose one there, with the code.'] : []),
    ],
    code,
    link: { label: 'Verify Your Email', url: verifyUrl },
    footer: IGNORE,
  });
}

/** The six-digit second factor of a sign-in (MFAType 1). */
export function mfaCodeMail(to: string, firstName: string, code: string): MailMessage {
  return compose({
    to,
    subject: 'Your sign-in code',
    greeting: `Hello ${firstName},`,
    lines: [`Enter this code on the multi-factor screen of ${PRODUCT_NAME} to finish signing in. It expires in ${minutes(CODE_LIFETIMES.mfaLogin)} and works once.`],
    code,
    footer: 'If you did not just sign in, change your password: someone knows it.',
  });
}

/** The six-digit code that verifies an organization. */
export function organizationCodeMail(to: string, company: string, code: string, verifyUrl: string): MailMessage {
  return compose({
    to,
    subject: `Verify ${company}`,
    greeting: 'Hello,',
    lines: [`Enter this code to verify ${company} on ${PRODUCT_NAME}. It expires in ${minutes(CODE_LIFETIMES.verifyOrganization)} and works once.`],
    code,
    link: { label: 'Verify Organization', url: verifyUrl },
    footer: IGNORE,
  });
}

/** A password reset link (accounts and onboarding employees). */
export function resetLinkMail(to: string, resetUrl: string, lifetimeSeconds: number): MailMessage {
  return compose({
    to,
    subject: 'Reset your password',
    greeting: 'Hello,',
    lines: [`Someone asked to reset the password of your ${PRODUCT_NAME} account. The link expires in ${minutes(lifetimeSeconds)} and works once.`],
    link: { label: 'Reset Password', url: resetUrl },
    footer: `${IGNORE} Your password stays as it is.`,
  });
}

/** An invitation to join an organization as a member (or admin). */
export function invitationMail(to: string, company: string, inviteUrl: string, lifetimeSeconds: number | null): MailMessage {
  return compose({
    to,
    subject: `You are invited to ${company}`,
    greeting: 'Hello,',
    lines: [
      `You are invited to join ${company} on ${PRODUCT_NAME}.`,
      lifetimeSeconds === null ? 'The link works once.' : `The link expires in ${minutes(lifetimeSeconds)} and works once.`,
    ],
    link: { label: 'Accept Invitation', url: inviteUrl },
    footer: 'If you were not expecting this invitation, you can ignore it.',
  });
}

/** An invitation for a client: opening the link creates the account and shows its password once. */
export function clientInvitationMail(to: string, company: string, inviteUrl: string, lifetimeSeconds: number): MailMessage {
  return compose({
    to,
    subject: `${company} invites you as a client`,
    greeting: 'Hello,',
    lines: [
      `${company} invites you to follow your projects on ${PRODUCT_NAME}.`,
      `Open the link to get your sign-in details. It expires in ${minutes(lifetimeSeconds)} and works once; the password is shown only then.`,
    ],
    link: { label: 'Accept Invitation', url: inviteUrl },
    footer: 'If you were not expecting this invitation, you can ignore it.',
  });
}

const NOT_YOU = 'If this was not you, reset your password from the sign-in screen (Forgot Password) and tell your administrator.';

/**
 * Sign-in was locked after many wrong passwords: from several places on devices the account has not trusted (which
 * leaves its trusted devices signing in), or on one trusted device (which locks that device only). The owner may lift it.
 */
export function unlockMail(to: string, firstName: string, unlockUrl: string, locked: 'unknown devices' | 'a trusted device'): MailMessage {
  const paused =
    locked === 'unknown devices'
      ? `Someone entered a wrong password for your ${PRODUCT_NAME} account many times, so signing in is paused for up to an hour, except on devices where you chose "Don't ask again on this device". Your password was not guessed.`
      : `Someone entered a wrong password for your ${PRODUCT_NAME} account many times on one of the devices where you chose "Don't ask again on this device", so signing in on that device is paused for up to an hour. Your password was not guessed.`;
  return compose({
    to,
    subject: 'Sign-in to your account was paused',
    greeting: `Hello ${firstName},`,
    lines: [
      paused,
      `If it was you, you can lift the pause now. The link works once and expires in ${minutes(CODE_LIFETIMES.unlockAccount)}.`,
    ],
    link: { label: 'Unlock my account', url: unlockUrl },
    footer: 'If it was not you, you need not do anything; consider choosing a longer password.',
  });
}

/** The owner is told of every password reset, whichever way it was made. */
export function passwordResetNoticeMail(to: string, firstName: string, how: 'link' | 'recovery-code'): MailMessage {
  return compose({
    to,
    subject: 'Your password was reset',
    greeting: `Hello ${firstName},`,
    lines: [
      `The password of your ${PRODUCT_NAME} account was just reset ${how === 'link' ? 'with a link mailed to this address' : 'with a recovery code'}. Every signed-in device was signed out.`,
    ],
    footer: NOT_YOU,
  });
}

/** The owner is told of every change of their second factor, and of every recovery code spent. */
export function secondFactorNoticeMail(to: string, firstName: string, change: string): MailMessage {
  return compose({
    to,
    subject: 'Your second factor changed',
    greeting: `Hello ${firstName},`,
    lines: [`${change} on your ${PRODUCT_NAME} account.`],
    footer: NOT_YOU,
  });
}

/** The owner is told of every passkey added to or removed from their account, as of a second-factor change. */
export function passkeyNoticeMail(to: string, firstName: string, change: 'added' | 'removed', name: string): MailMessage {
  return compose({
    to,
    subject: change === 'added' ? 'A passkey was added to your account' : 'A passkey was removed from your account',
    greeting: `Hello ${firstName},`,
    lines: [
      change === 'added'
        ? `The passkey "${name}" was added to your ${PRODUCT_NAME} account. It can now sign in to your account.`
        : `The passkey "${name}" was removed from your ${PRODUCT_NAME} account. It can no longer sign in to your account.`,
    ],
    footer: NOT_YOU,
  });
}

/** A recovery code spent to reset the password is replaced by this one, sent only to the account's own address. */
export function recoveryCodeMail(to: string, firstName: string, recoveryCode: string): MailMessage {
  return compose({
    to,
    subject: 'Your new recovery code',
    greeting: `Hello ${firstName},`,
    lines: [
      `Your password was reset with a recovery code, which is now used up. This new recovery code replaces it: keep it somewhere safe.`,
      'Signing in still needs your second factor (your authenticator app or a mailed code); if you have lost the authenticator, use this recovery code on the multi-factor screen after your password.',
    ],
    code: recoveryCode,
    footer: NOT_YOU,
  });
}

/**
 * A sign-in from a device and browser the account had not used before (issue 23 §3): when, from where, on what, and
 * the "This was not me" link, which ends that session and mails a password reset link.
 */
export function newDeviceMail(to: string, firstName: string, signIn: { at: Date; ip: string | null; device: string }, notMeUrl: string, lifetimeSeconds: number): MailMessage {
  return compose({
    to,
    subject: 'New sign-in to your account',
    greeting: `Hello ${firstName},`,
    lines: [
      `Your ${PRODUCT_NAME} account was just signed in to from a device and browser it had not used before.`,
      `Time: ${signIn.at.toUTCString()}`,
      `Address: ${signIn.ip ?? 'unknown'}`,
      `Device: ${signIn.device}`,
      `If this was you, you need not do anything. If it was not, the link below signs that session out and mails you a link to choose a new password. It works once and expires in ${minutes(lifetimeSeconds)}.`,
    ],
    link: { label: 'This was not me', url: notMeUrl },
    footer: 'We send this message for every new device, so that nobody signs in as you unnoticed.',
  });
}
