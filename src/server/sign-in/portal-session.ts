import { toPlanAccess } from '../../shared/products';
import type { LoginReply } from '../../shared/protocol/schemas';
import { cachedMembershipsOf, pickActive, reachableFrom, type UserRow } from '../accounts/queries';
import { auditInsert } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import type { Services } from '../services';
import { alertIfNewDevice } from './new-device-alerts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Language } from '../../shared/i18n/languages';

/** The call that finishes a sign-in on the portal: where it comes from. */
export interface FinishingCall {
  origin: CallOrigin;
  ip: string | null;
  /** The connection's language (BaseContext.language): the account takes it when it has none, or when it was chosen. */
  language?: Language | null;
  /** Whether the connection's language is the user's choice (the `ubs_lang` cookie, `setLanguage`), not Accept-Language. */
  languageChosen?: boolean;
}

/**
 * The portal session every sign-in ends with, wherever it finishes (the portal's screens, or an app's Authorize
 * screen, which keeps the token too): the session with its audit line (in one statement), the new-device check, the
 * log line.
 */
export async function startPortalSession(services: Services, call: FinishingCall, passed: { user: UserRow; detail: string }, logged: Record<string, unknown> = {}): Promise<{ token: string; sessionId: string }> {
  const { detail } = passed;
  const { origin } = call;
  // The account's language (its mails are written in it, i18n/catalog.ts) changes only by a choice: the connection's
  // is written when the account has none yet, or when it is the user's (the cookie, the picker); a browser's
  // Accept-Language never replaces a stored one.
  const stored = passed.user.language;
  const chosen = call.language ?? null;
  const takes = chosen !== null && chosen !== stored && (stored === null || call.languageChosen === true);
  const user = takes ? { ...passed.user, language: chosen } : passed.user;
  if (user !== passed.user) {
    await services.db.update(users).set({ language: user.language }).where(eq(users.id, user.id));
    services.cache.forget('user', user.id);
  }
  const opened = await services.sessions.open(user.id, origin, (sessionId) => auditInsert(services.db, user.id, { kind: 'sign-in', detail, origin, sessionId }));
  alertIfNewDevice(services, user, origin, opened.sessionId);
  services.log.info('sign-in.succeeded', { userId: user.id, platform: origin.reported?.platform, forcedChange: user.mustChangePassword, ...logged });
  return opened;
}

/**
 * The end of every sign-in on the portal's screens: its session, and the login reply: the token (the client opens its
 * next connection with it), and `aftrp` when the password must be changed first (spec section 4), else the active
 * organization's plan.
 */
export async function openPortalSession(services: Services, call: FinishingCall, passed: { user: UserRow; detail: string }, logged: Record<string, unknown> = {}): Promise<LoginReply & { token: string }> {
  const { user } = passed;
  const { token } = await startPortalSession(services, call, passed, logged);
  if (user.mustChangePassword) return { token, aftrp: true, email: user.email };
  const active = pickActive(user, reachableFrom(await cachedMembershipsOf(services.cache, services.db, user.id), call.ip));
  return { token, email: user.email, planAccess: toPlanAccess(active?.org.plan ?? {}) };
}
