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
  'ssoSignIn',
  'signInDiscovery',
  'scim',
  'scimToken',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/**
 * Whose budget an event spends:
 * - a value of its payload (an identifier, an email; `undefined` when the payload does not carry one, and nothing is
 *   spent) or the caller's `address`: spent by the server before the handler runs;
 * - `caller`: the signed-in user (`auth: 'user'`) or the app (`auth: 'app'`) making the call, also spent before the
 *   handler runs (the admin's changes, a password change's current-password check);
 * - `account`: an account the handler only finds in the domain (the one a login's identifier names, the held login's),
 *   spent by the handler (`ctx.spend`) at the check it guards. A handler never spends the caller's own budget: that
 *   is declared as `caller`.
 */
export type LimitSubject<P> = 'address' | 'caller' | 'account' | ((payload: P) => string | undefined);

export type EventLimits<P> = Partial<Record<LimitName, LimitSubject<P>>>;

/**
 * An event's whole policy, from which the server composes its stages: who may call it, where its token comes from,
 * whether its check is a password hash, and which budgets it spends.
 */
export interface EventPolicy<P> {
  auth: EventAuth;
  /**
   * `payload`: the payload names the session by its `token` field (spec section 7's authenticate): the call is signed
   * in only when the field is there, and the field must be the token the connection was opened with (401 otherwise).
   * A connection is signed in one way: by its handshake.
   */
  token?: 'payload';
  /**
   * It ends the caller's session (logout; a password change, which continues on a new one): the connection stops
   * listening for that session's end before the handler runs, so it gets its reply, not the "session ended" sent to
   * the session's other connections.
   */
  endsSession?: true;
  /**
   * Its check is a password hash (argon2id: a sign-in, a new password, an unknown account's throw-away hash): it passes
   * the busy-server admission before it spends any budget, so a storm is refused at once instead of queueing.
   */
  hashes?: true;
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
