import { AUDIT_KIND_LABELS } from '../../../shared/audit-labels';
import { ADMINISTRATION_AUDIT_KINDS, type AuditKind, type SessionSummary } from '../../../shared/protocol/security-schemas';

/** A moment as the person's own clock shows it: "12 Mar 2026, 14:05". */
export function formatTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "just now", "5 minutes ago", "3 days ago": how long since a session was last seen. */
export function formatAgo(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, length]) => seconds >= length)!;
  return format.format(-Math.floor(seconds / size), unit);
}

const PLATFORM_LABELS: Record<SessionSummary['platform'], string> = { web: 'Web', desktop: 'Desktop app', mobile: 'Mobile' };
const FLAVOR_LABELS = { chat: 'Suite Chat', track: 'Suite Track' } as const;

/** "Web", "Mobile", or "Desktop app (Suite Chat 1.4.0)". */
export function platformLabel(session: Pick<SessionSummary, 'platform' | 'appFlavor' | 'appVersion'>): string {
  const base = PLATFORM_LABELS[session.platform];
  if (session.platform !== 'desktop' || !session.appFlavor) return base;
  return `${base} (${[FLAVOR_LABELS[session.appFlavor], session.appVersion].filter(Boolean).join(' ')})`;
}

/**
 * Where a session began, as honestly as the portal can say without a location service: the address it signed in
 * from. A private or loopback address says so, since it names no place on the internet; a place name would need a
 * geolocation database the portal does not have (and would often be wrong).
 */
export function placeLabel(session: Pick<SessionSummary, 'firstIp'>): string {
  if (!session.firstIp) return 'Address unknown';
  return isPrivateAddress(session.firstIp) ? `${session.firstIp} (private network)` : session.firstIp;
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

export const auditKindLabel = (kind: AuditKind): string => AUDIT_KIND_LABELS[kind];

/** The kinds an organization's administration writes (the admin console, the admin API), with who made the change. */
export const ADMINISTRATION_KINDS: readonly AuditKind[] = ADMINISTRATION_AUDIT_KINDS;

/** Which heading a kind is listed under in the Event filter. */
export const auditKindGroup = (kind: AuditKind): string => (ADMINISTRATION_KINDS.includes(kind) ? 'Administration' : 'Sign-in and security');

/** Whether a kind is a failure or a lock: shown with the danger colour. */
export const isWarningKind = (kind: AuditKind): boolean => kind === 'sign-in-failed' || kind === 'locked';

/** A local date from a date input ("2026-03-01") as the first or last instant of that day on this device, in ISO. */
export function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moment = edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}
