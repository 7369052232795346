import { PRODUCT_NAME, type MailMessage } from './mailer';
import { CODE_LIFETIMES } from '../auth/one-time-codes';

/** Escapes text for the HTML part. */
function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

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
<h1 style="font-size:20px">${escape(PRODUCT_NAME)}</h1>
<p>${escape(greeting)}</p>
${lines.map((line) => `<p>${escape(line)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escape(code)}</p>` : ''}
${link ? `<p><a href="${escape(link.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:12px">${escape(link.url)}</p>` : ''}
<p style="font-size:12px;color:#6b7280">${escape(footer)}</p>
</body></html>`;
  return { to, subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

const IGNORE = 'If you did not ask for this, you can ignore this message.';

/** The six-digit code that verifies a new account (company sign-up, member registration). */
export function verificationCodeMail(to: string, firstName: string, code: string, verifyUrl: string): MailMessage {
  return compose({
    to,
    subject: 'Verify your email',
    greeting: `Hello ${firstName},`,
    lines: [`Enter this code on the Verify Your Email screen of ${PRODUCT_NAME}. It expires in ${minutes(CODE_LIFETIMES.verifyAccount)} and works once.`],
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
