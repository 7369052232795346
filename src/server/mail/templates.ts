import { PRODUCT_NAME, type MailMessage } from './mailer';
import { mailText, type MailMessageId } from '../i18n/catalog';
import { CODE_LIFETIMES } from '../auth/one-time-codes';
import { escapeHtml } from '../../shared/escape-html';
import { directionOf, type Language } from '../../shared/i18n/languages';

export { mailLanguage } from '../i18n/catalog';

/** The time zone of the dates a mail shows (spec section 9's default: the portal's users are in India). */
export const MAIL_TIME_ZONE = 'Asia/Kolkata';

/** A lifetime in words, in the mail's language: days from a day on, hours from an hour on, else minutes. */
const duration = (language: Language, seconds: number) => {
  const value = Math.round(seconds / 60);
  if (value >= 60 * 24) return mailText(language, 'mail.durationDays', { count: Math.round(value / 60 / 24) });
  if (value >= 60) return mailText(language, 'mail.durationHours', { count: Math.round(value / 60) });
  return mailText(language, 'mail.durationMinutes', { count: value });
};

/** Every mail's texts in one language: the product's name is an argument of every message that names it. */
const textsIn = (language: Language) => (id: MailMessageId, values: Record<string, unknown> = {}) => mailText(language, id, { product: PRODUCT_NAME, ...values });

interface Body {
  language: Language;
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  /** A code shown large, or a link shown as a button and as plain text. */
  code?: string;
  link?: { label: string; url: string };
  footer: string;
}

/**
 * The text and HTML of a mail. Every argument is escaped in the HTML (the texts are escaped whole, after their
 * arguments are put in). A right-to-left language (Urdu) sets `dir` on the HTML root; its code and link stay left to
 * right. English's HTML root is as it always was.
 */
function compose({ language, to, subject, greeting, lines, code, link, footer }: Body): MailMessage {
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
  const root = language === 'en' ? '<html>' : `<html lang="${language}"${directionOf(language) === 'rtl' ? ' dir="rtl"' : ''}>`;
  const ltr = language === 'en' ? '' : ' dir="ltr"';
  const html = `<!doctype html>${root}<body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px"${ltr}>${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold"${ltr}>${escapeHtml(code)}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:12px"${ltr}>${escapeHtml(link.url)}</p>` : ''}
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

/**
 * The six-digit code that verifies a new account (company sign-up, member registration), or lets an account without
 * a password it chose set one (`choosePassword`).
 */
export function verificationCodeMail(language: Language, to: string, firstName: string, code: string, verifyUrl: string, choosePassword = false): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.verifySubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [t('mail.verifyLine', { duration: duration(language, CODE_LIFETIMES.verifyAccount) }), ...(choosePassword ? [t('mail.verifyChoosePassword')] : [])],
    code,
    link: { label: t('mail.verifyButton'), url: verifyUrl },
    footer: t('mail.ignore'),
  });
}

/** The six-digit second factor of a sign-in (MFAType 1). */
export function mfaCodeMail(language: Language, to: string, firstName: string, code: string): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.mfaSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [t('mail.mfaLine', { duration: duration(language, CODE_LIFETIMES.mfaLogin) })],
    code,
    footer: t('mail.mfaFooter'),
  });
}

/** The six-digit code that verifies an organization. */
export function organizationCodeMail(language: Language, to: string, company: string, code: string, verifyUrl: string): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.organizationSubject', { company }),
    greeting: t('mail.greetingPlain'),
    lines: [t('mail.organizationLine', { company, duration: duration(language, CODE_LIFETIMES.verifyOrganization) })],
    code,
    link: { label: t('mail.organizationButton'), url: verifyUrl },
    footer: t('mail.ignore'),
  });
}

/** A password reset link (accounts and onboarding employees). */
export function resetLinkMail(language: Language, to: string, resetUrl: string, lifetimeSeconds: number): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.resetSubject'),
    greeting: t('mail.greetingPlain'),
    lines: [t('mail.resetLine', { duration: duration(language, lifetimeSeconds) })],
    link: { label: t('mail.resetButton'), url: resetUrl },
    footer: t('mail.resetFooter'),
  });
}

/** An invitation to join an organization as a member (or admin). */
export function invitationMail(language: Language, to: string, company: string, inviteUrl: string, lifetimeSeconds: number | null): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.invitationSubject', { company }),
    greeting: t('mail.greetingPlain'),
    lines: [t('mail.invitationLine', { company }), lifetimeSeconds === null ? t('mail.invitationOnce') : t('mail.invitationExpires', { duration: duration(language, lifetimeSeconds) })],
    link: { label: t('mail.invitationButton'), url: inviteUrl },
    footer: t('mail.invitationFooter'),
  });
}

/** An invitation for a client: opening the link creates the account and shows its password once. */
export function clientInvitationMail(language: Language, to: string, company: string, inviteUrl: string, lifetimeSeconds: number): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.clientInvitationSubject', { company }),
    greeting: t('mail.greetingPlain'),
    lines: [t('mail.clientInvitationLine', { company }), t('mail.clientInvitationDetails', { duration: duration(language, lifetimeSeconds) })],
    link: { label: t('mail.invitationButton'), url: inviteUrl },
    footer: t('mail.invitationFooter'),
  });
}

/**
 * Sign-in was locked after many wrong passwords: from several places on devices the account has not trusted (which
 * leaves its trusted devices signing in), or on one trusted device (which locks that device only). The owner may lift it.
 */
export function unlockMail(language: Language, to: string, firstName: string, unlockUrl: string, locked: 'unknown devices' | 'a trusted device'): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.unlockSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [
      t(locked === 'unknown devices' ? 'mail.unlockPausedUnknown' : 'mail.unlockPausedDevice'),
      t('mail.unlockLift', { duration: duration(language, CODE_LIFETIMES.unlockAccount) }),
    ],
    link: { label: t('mail.unlockButton'), url: unlockUrl },
    footer: t('mail.unlockFooter'),
  });
}

/** The owner is told of every password reset, whichever way it was made. */
export function passwordResetNoticeMail(language: Language, to: string, firstName: string, how: 'link' | 'recovery-code'): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.resetNoticeSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [t('mail.resetNoticeLine', { how: how === 'link' ? 'link' : 'recoveryCode' })],
    footer: t('mail.notYou'),
  });
}

/**
 * A change of the second factor: a recovery code spent in its place, a new recovery code made, or the factors it was
 * set to (work email, the authenticator app or a new one, both, or none).
 */
export type SecondFactorChange =
  | { kind: 'recoveryCodeUsed' }
  | { kind: 'recoveryCodeMade' }
  | { kind: 'setTo'; email: boolean; app: 'none' | 'same' | 'new' };

/** The owner is told of every change of their second factor, and of every recovery code spent. */
export function secondFactorNoticeMail(language: Language, to: string, firstName: string, change: SecondFactorChange): MailMessage {
  const t = textsIn(language);
  const factors = (change: Extract<SecondFactorChange, { kind: 'setTo' }>) =>
    `${change.email ? 'email' : ''}${change.app === 'none' ? '' : change.app === 'new' ? 'NewApp' : 'App'}`.replace(/^[A-Z]/, (first) => first.toLowerCase()) || 'none';
  return compose({
    language,
    to,
    subject: t('mail.secondFactorSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [change.kind === 'setTo' ? t('mail.secondFactorSetTo', { factors: factors(change) }) : t(change.kind === 'recoveryCodeUsed' ? 'mail.secondFactorRecoveryCodeUsed' : 'mail.secondFactorRecoveryCodeMade')],
    footer: t('mail.notYou'),
  });
}

/** The owner is told of every passkey added to or removed from their account, as of a second-factor change. */
export function passkeyNoticeMail(language: Language, to: string, firstName: string, change: 'added' | 'removed', name: string): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t(change === 'added' ? 'mail.passkeyAddedSubject' : 'mail.passkeyRemovedSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [t(change === 'added' ? 'mail.passkeyAdded' : 'mail.passkeyRemoved', { name })],
    footer: t('mail.notYou'),
  });
}

/** A recovery code spent to reset the password is replaced by this one, sent only to the account's own address. */
export function recoveryCodeMail(language: Language, to: string, firstName: string, recoveryCode: string): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.recoveryCodeSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [t('mail.recoveryCodeReplaced'), t('mail.recoveryCodeStillSecondFactor')],
    code: recoveryCode,
    footer: t('mail.notYou'),
  });
}

/**
 * When something happened, for a mail: in English as it always was (UTC, RFC 7231's form); in the other languages
 * through Intl in the language's Indian locale and the portal's time zone (MAIL_TIME_ZONE), with the digits of the codes
 * and lifetimes beside it (Latin).
 */
export function mailTime(language: Language, at: Date): string {
  if (language === 'en') return at.toUTCString();
  return new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, { dateStyle: 'full', timeStyle: 'long', timeZone: MAIL_TIME_ZONE }).format(at);
}

/**
 * A sign-in from a device and browser the account had not used before (issue 23 §3): when, from where, on what, and
 * the "This was not me" link, which ends that session and mails a password reset link.
 */
export function newDeviceMail(language: Language, to: string, firstName: string, signIn: { at: Date; ip: string | null; device: string }, notMeUrl: string, lifetimeSeconds: number): MailMessage {
  const t = textsIn(language);
  return compose({
    language,
    to,
    subject: t('mail.newDeviceSubject'),
    greeting: t('mail.greetingNamed', { firstName }),
    lines: [
      t('mail.newDeviceIntro'),
      t('mail.newDeviceTime', { time: mailTime(language, signIn.at) }),
      t('mail.newDeviceAddress', { address: signIn.ip ?? t('mail.newDeviceAddressUnknown') }),
      t('mail.newDeviceDevice', { device: signIn.device }),
      t('mail.newDeviceAction', { duration: duration(language, lifetimeSeconds) }),
    ],
    link: { label: t('mail.newDeviceButton'), url: notMeUrl },
    footer: t('mail.newDeviceFooter'),
  });
}
