import { PSEUDO_LANGUAGE } from '../../../shared/i18n/languages';
import { ADMINISTRATION_AUDIT_KINDS, type AuditKind, type SessionSummary } from '../../../shared/protocol/security-schemas';
import { DEFAULT_TIME_ZONE } from '../../../shared/reference/defaults';
import { currentLanguage } from '../../i18n';
import { ltr, t } from '../../i18n/screens';

/** The time zone times are shown in: the device's own (the day filter uses its calendar too), else the portal's default. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyz';
const ACCENTED = [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýž'];

/**
 * What Intl wrote, as the pseudo-locale shows text (issue 26): Intl knows no en-XA and answers in English, which
 * would hide a real untranslated text among the dates. Every other language is Intl's own.
 */
function inLanguage(text: string, language: string): string {
  if (language !== PSEUDO_LANGUAGE) return text;
  return text.replace(/[a-z]/gi, (letter) => {
    const accented = ACCENTED[PLAIN.indexOf(letter.toLowerCase())]!;
    return letter === letter.toLowerCase() ? accented : accented.toUpperCase();
  });
}

/** A moment as the person's own clock shows it, in the language shown: "12 Mar 2026, 14:05", "12 मार्च 2026, 2:05 pm". */
export function formatTime(iso: string, locale: string = currentLanguage()): string {
  return inLanguage(new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: userTimeZone() }).format(new Date(iso)), locale);
}

/** "just now", "5 minutes ago", "3 days ago": how long since a session was last seen, in the language shown. */
export function formatAgo(iso: string, now: number = Date.now(), locale: string = currentLanguage()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 60) return t('account.justNow');
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, length]) => seconds >= length)!;
  return inLanguage(format.format(-Math.floor(seconds / size), unit), locale);
}

// Product names: never translated.
const FLAVOR_LABELS = { chat: 'Suite Chat', track: 'Suite Track' } as const;

/** "Web", "Mobile", or "Desktop app (Suite Chat 1.4.0)". */
export function platformLabel(session: Pick<SessionSummary, 'platform' | 'appFlavor' | 'appVersion'>): string {
  if (session.platform !== 'desktop' || !session.appFlavor) return t('account.platform', { platform: session.platform });
  return t('account.platformDesktopApp', { app: [FLAVOR_LABELS[session.appFlavor], session.appVersion].filter(Boolean).join(' ') });
}

/**
 * Where a session began, as honestly as the portal can say without a location service: the address it signed in
 * from. A private or loopback address says so, since it names no place on the internet; a place name would need a
 * geolocation database the portal does not have (and would often be wrong).
 */
export function placeLabel(session: Pick<SessionSummary, 'firstIp'>): string {
  if (!session.firstIp) return t('account.addressUnknown');
  return isPrivateAddress(session.firstIp) ? t('account.privateNetwork', { address: ltr(session.firstIp) }) : session.firstIp;
}

/** Loopback, private (RFC 1918), link-local and unique-local addresses, IPv4 and IPv6 (and IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/i, '');
  const octets = v4.split('.').map(Number);
  if (octets.length === 4 && octets.every((octet) => Number.isInteger(octet) && octet >= 0 && octet <= 255)) {
    const [a, b] = octets as [number, number];
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

/** 'sign-in-failed' → 'SignInFailed': the catalog's id of a kind is `account.kind` and this (checked by the compiler). */
type KindName<S extends string> = S extends `${infer Head}-${infer Rest}` ? `${Capitalize<Head>}${KindName<Rest>}` : Capitalize<S>;
const kindId = (kind: AuditKind) => `account.kind${kind.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}` as `account.kind${KindName<AuditKind>}`;

/** The words for a kind of audit entry, in the language shown (shared/audit-labels.ts has the English, for the CSV). */
export const auditKindLabel = (kind: AuditKind): string => t(kindId(kind));

/** The kinds an organization's administration writes (the admin console, the admin API), with who made the change. */
export const ADMINISTRATION_KINDS: readonly AuditKind[] = ADMINISTRATION_AUDIT_KINDS;

/** Which heading a kind is listed under in the Event filter. */
export const auditKindGroup = (kind: AuditKind): string => (ADMINISTRATION_KINDS.includes(kind) ? t('account.groupAdministration') : t('account.groupSignIn'));

/** Whether a kind is a failure or a lock: shown with the danger colour. */
export const isWarningKind = (kind: AuditKind): boolean => kind === 'sign-in-failed' || kind === 'locked';

/** A local date from a date input ("2026-03-01") as the first or last instant of that day on this device, in ISO. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moment = edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}
