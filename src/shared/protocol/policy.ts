import * as z from 'zod';

/**
 * Who may call an event.
 * - `none`: anyone.
 * - `user`: a live session of a regular account; the server resolves it once, before the handler runs.
 * - `maybeUser`: anyone, but a token that is sent must be a live session (401 otherwise).
 * - `userOrLogin`: a session, or else the login details the client holds between the password and the second
 *   factor (`identifier` and `password` in the payload), checked under the `password` budget like a sign-in.
 * - `app`: an app of an organization with an access token of the client-credentials grant carrying `org:admin` (the
 *   admin API over HTTP; no socket event uses it).
 */
export type EventAuth = 'none' | 'user' | 'maybeUser' | 'userOrLogin' | 'app';

/**
 * The attempt budgets of the portal. Each is counted before the expensive check it guards (a password hash, a
 * code lookup, a mail), in one atomic step shared by every server instance. Their numbers are in
 * `src/server/limits/policies.ts` and the README's limits table.
 */
export const LIMIT_NAMES = [
  'password',
  'secondFactor',
  'recoveryCode',
  'recoveryReset',
  'emailCode',
  'organizationCode',
  'linkCode',
  'mailRequest',
  'codeMail',
  'emailCheck',
  'signUp',
  'passwordChange',
  'auditExport',
  'microsoftSignIn',
  'adminChange',
  'imageUpload',
  'passkeyChange',
  'passkeyOptions',
  'passkeySignIn',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * Whose budget an event spends: a value of its payload (an identifier, an email; `undefined` when the payload does
 * not carry one, and nothing is spent), the caller's `address`, or the `account`. Payload and address budgets are
 * spent by the server before the handler runs; an `account` budget is spent by the handler at the check it guards,
 * once it knows the account (after the session or the password).
 */
export type LimitSubject<P> = 'address' | 'account' | ((payload: P) => string | undefined);

export type EventLimits<P> = Partial<Record<LimitName, LimitSubject<P>>>;

/** An event's whole policy: who may call it, where its token comes from, and which budgets it spends. */
export interface EventPolicy<P> {
  auth: EventAuth;
  /** `payload`: the session token is the payload's `token` field rather than the connection's (authenticate). */
  token?: 'payload';
  limits?: EventLimits<P>;
}

/**
 * Characters no text field of the contract accepts: C0 controls other than tab, line feed and carriage return, and
 * DEL. PostgreSQL refuses U+0000 outright, and none of them belongs in a name, an address or a code.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Adds an issue for every string (at any depth) holding a control character, with the path to it. */
export function refuseControlCharacters(value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = [], depth = 0): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) ctx.addIssue({ code: 'custom', message: 'Control characters are not allowed.', path });
    return;
  }
  // Bytes (an uploaded file's body) are not text: nothing to look at, and three million entries not to walk.
  if (depth > 8 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
  for (const [key, item] of Object.entries(value)) refuseControlCharacters(item, ctx, [...path, key], depth + 1);
}
