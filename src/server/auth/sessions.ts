import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AccountCache } from '../accounts/account-cache';
import { findUserById } from '../accounts/queries';
import type { Db } from '../db/client';
import { executeNamed, prepared } from '../db/prepared';
import { memberships, sessions, users } from '../db/schema';
import { loadServerSecret } from '../db/server-secrets';
import { describeDevice, type CallOrigin } from './device';
import { signToken, verifyToken, type TokenClaims } from './session-token';

/** What a call needs of its session, read on a cache miss (a prepared statement: db/prepared.ts). */
const sessionById = (db: Db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      employeeId: sessions.onboardingEmployeeId,
      kind: sessions.kind,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')));

/** Token and session lifetime: 7776000 s, 90 days (spec section 9). */
export const SESSION_TTL_SECONDS = 7_776_000;

/** "Last seen" is refreshed by a session's calls at most this often: one cheap update a minute, not one per call. */
export const LAST_SEEN_EVERY_SECONDS = 60;

/** The most live sessions the security center lists for one user (newest first). */
const LISTED_SESSIONS_MAX = 500;

export type SessionRow = typeof sessions.$inferSelect;

const SIGNING_KEY = 'session-signing-key';
const ISSUER = 'suite-portal';
/** Sign-in tickets are signed with the same key under their own issuer: one can never pass for the other. */
const TICKET_ISSUER = 'suite-portal/sign-in';

/** A desktop app's passkey code (sign-in/desktop-passkey.ts), again under an issuer of its own. */
const DESKTOP_CODE_ISSUER = 'suite-portal/desktop-passkey';

/** What a desktop passkey code stands for: a passkey assertion checked in the system browser, for the app holding the PKCE verifier. */
export interface DesktopCodeFacts {
  userVerified: boolean;
  /** RFC 7636 S256 challenge: base64url(sha256(verifier)). */
  codeChallenge: string;
}

/** What a sign-in ticket stands for: a first factor passed, its second still to come (sign-in/tickets.ts). */
export interface TicketFacts {
  method: string;
  amr: string[];
  detail: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionInfo {
  sessionId: string;
  /** The account of a `user` session, or the onboarding employee of an `onboarding` one. */
  userId: string;
  kind: 'user' | 'onboarding';
}

/** Why a token was refused; every reason answers 401 to the client. */
export type TokenProblem = 'malformed' | 'expired' | 'revoked';

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(`token ${problem}`);
  }
}

/**
 * Signed tokens bound to session rows: the token carries the session id and is signed with a key the
 * first instance generated and stored in the database; a token is good only while its row is unrevoked and unexpired.
 */
export class SessionService {
  /**
   * Tokens whose signature was checked already, with their claims: a connection's later calls skip the HMAC and the
   * parsing. Only a genuine token gets in; expiry and revocation are still checked on every call.
   */
  private readonly checked = new LRUCache<string, TokenClaims>({ max: 10_000 });

  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly cache: AccountCache,
  ) {}

  static async create(db: Db, cache: AccountCache): Promise<SessionService> {
    return new SessionService(db, Buffer.from(await loadServerSecret(db, SIGNING_KEY), 'base64url'), cache);
  }

  /**
   * Opens a session and returns its token. With kind 'onboarding', `userId` is the onboarding employee's id.
   * `ttlSeconds` is for tests that need an already-expired token. `alongside` is a statement about the new session
   * (its audit event) written in the same statement as the session itself: one round trip, both or neither.
   */
  async open(
    userId: string,
    details: { kind?: 'user' | 'onboarding'; ttlSeconds?: number } & Partial<CallOrigin> = {},
    alongside?: (sessionId: string) => SQLWrapper,
  ) {
    const ttl = details.ttlSeconds ?? SESSION_TTL_SECONDS;
    const onboarding = details.kind === 'onboarding';
    const userAgent = details.userAgent?.slice(0, 300) ?? null;
    const { device, platform, app } = describeDevice({ userAgent, reported: details.reported ?? null });
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + ttl * 1000);
    const insert = this.db.insert(sessions).values({
      id,
      userId: onboarding ? null : userId,
      onboardingEmployeeId: onboarding ? userId : null,
      kind: details.kind ?? 'user',
      expiresAt,
      ip: details.ip ?? null,
      lastIp: details.ip ?? null,
      userAgent,
      device,
      platform,
      appFlavor: app?.flavor ?? null,
      appVersion: app?.version ?? null,
    });
    if (alongside) await executeNamed(this.db, sql`WITH opened AS (${insert.getSQL()}) ${alongside(id).getSQL()}`);
    else await insert;
    const token = signToken(this.key, {
      jti: id,
      sub: userId,
      kind: details.kind ?? 'user',
      iss: ISSUER,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
    return { token, sessionId: id, expiresAt };
  }

  /**
   * Resolves a token into its live session and, for a regular account, the account's row (from the cache when warm); throws
   * TokenError when the token is forged, expired or revoked (by logout, a password change or a reset, on any instance).
   * With `seenFrom` (a call made with the token), "last seen" and its address are refreshed when they are older than
   * LAST_SEEN_EVERY_SECONDS: one conditional update a minute per session.
   */
  async resolve(token: string, seenFrom?: { ip: string | null }): Promise<SessionInfo & { user: typeof users.$inferSelect | null }> {
    let claims = this.checked.get(token);
    if (!claims) {
      const checked = verifyToken(this.key, token, ISSUER);
      if (!checked.ok) throw new TokenError(checked.problem);
      if (!UUID.test(checked.claims.jti)) throw new TokenError('malformed');
      claims = checked.claims;
      this.checked.set(token, claims);
    }
    if (claims.exp <= Date.now() / 1000) throw new TokenError('expired');
    // The session and the account come from the account cache: no database round trip on a warm path. A revocation
    // anywhere forgets the cached session at once (triggers, and `revoke` below on this instance).
    const row = await this.cache.get('session', claims.jti, () => this.loadSession(claims.jti));
    const subject = row?.kind === 'onboarding' ? row.employeeId : row?.userId;
    if (!row || !subject || subject !== claims.sub) throw new TokenError('revoked');
    if (row.revoked) throw new TokenError('revoked');
    if (row.expiresAt <= Date.now()) throw new TokenError('expired');
    const user = row.kind === 'user' ? await this.cache.get('user', subject, () => this.loadUser(subject)) : null;
    if (row.kind === 'user' && !user) throw new TokenError('revoked');
    if (seenFrom && Date.now() - row.lastSeenAt > LAST_SEEN_EVERY_SECONDS * 1000) {
      // The cached copy remembers the refresh too, so the next calls of the minute write nothing.
      row.lastSeenAt = Date.now();
      await this.touch(row.id, seenFrom.ip);
    }
    return { sessionId: row.id, userId: subject, kind: row.kind, user };
  }

  /**
   * A sign-in ticket: signed proof, for `ttlSeconds`, that this account passed the first factor `facts` describes.
   * It holds no session and opens none by itself: only a passed second factor turns it into one.
   */
  issueTicket(userId: string, facts: TicketFacts, ttlSeconds: number): string {
    const now = Math.floor(Date.now() / 1000);
    const claims = { jti: randomUUID(), sub: userId, kind: 'user' as const, iss: TICKET_ISSUER, iat: now, exp: now + ttlSeconds, ...facts };
    return signToken(this.key, claims);
  }

  /** The account and facts of a genuine, unexpired sign-in ticket, or null. */
  readTicket(ticket: string): ({ userId: string } & TicketFacts) | null {
    const checked = verifyToken(this.key, ticket, TICKET_ISSUER);
    if (!checked.ok) return null;
    const facts = checked.claims as unknown as Partial<TicketFacts>;
    if (typeof facts.method !== 'string' || typeof facts.detail !== 'string' || !Array.isArray(facts.amr)) return null;
    return { userId: checked.claims.sub, method: facts.method, amr: facts.amr.filter((value): value is string => typeof value === 'string'), detail: facts.detail };
  }

  /**
   * A desktop passkey code: signed proof, for `ttlSeconds`, that this account's passkey answered in the system
   * browser for the app that holds the verifier of `codeChallenge`. Its `jti` is what makes it single-use (the caller
   * claims it once); it opens nothing by itself.
   */
  issueDesktopCode(userId: string, facts: DesktopCodeFacts, ttlSeconds: number): string {
    const now = Math.floor(Date.now() / 1000);
    return signToken(this.key, { jti: randomUUID(), sub: userId, kind: 'user', iss: DESKTOP_CODE_ISSUER, iat: now, exp: now + ttlSeconds, ...facts });
  }

  /** The account, id and facts of a genuine, unexpired desktop passkey code, or null. */
  readDesktopCode(code: string): ({ userId: string; codeId: string } & DesktopCodeFacts) | null {
    const checked = verifyToken(this.key, code, DESKTOP_CODE_ISSUER);
    if (!checked.ok) return null;
    const facts = checked.claims as unknown as Partial<DesktopCodeFacts>;
    if (typeof facts.userVerified !== 'boolean' || typeof facts.codeChallenge !== 'string') return null;
    return { userId: checked.claims.sub, codeId: checked.claims.jti, userVerified: facts.userVerified, codeChallenge: facts.codeChallenge };
  }

  /** Records a call of the session: now, from this address. Conditional, so instances racing past the check write once. */
  private async touch(sessionId: string, ip: string | null): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, lastIp: ip ?? sql`${sessions.lastIp}` })
      .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - make_interval(secs => ${LAST_SEEN_EVERY_SECONDS})`));
  }

  /** The live sessions of a user (regular account), most recently seen first. */
  async listLive(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
      .limit(LISTED_SESSIONS_MAX);
  }

  /** Ends one live session of this user (and no one else's); false when there was none to end. */
  async revokeOwn(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .returning({ id: sessions.id });
    for (const { id } of ended) this.cache.forget('session', id);
    return ended.length === 1;
  }

  private async loadSession(id: string) {
    const [row] = await prepared(this.db, sessionById).execute({ id });
    return row
      ? { id: row.id, userId: row.userId, employeeId: row.employeeId, kind: row.kind, revoked: row.revokedAt !== null, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() }
      : null;
  }

  private loadUser(id: string) {
    return findUserById(this.db, id);
  }

  /** Ends one session and, when given, forgets a push device token wherever it was registered: one transaction. */
  async revoke(sessionId: string, deviceToken?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      if (deviceToken !== undefined) await tx.update(sessions).set({ deviceToken: null }).where(eq(sessions.deviceToken, deviceToken));
    });
    this.cache.forget('session', sessionId);
  }

  /**
   * Ends every live session of a user, but the one to keep (a password change, the security center's "all others",
   * an admin removing them from an organization); returns how many. `within` is the caller's transaction, when the
   * sessions must end together with its change (their connections are told when it commits).
   */
  async revokeAllForUser(userId: string, exceptSessionId?: string, within: Db = this.db): Promise<number> {
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
    const ended = await within
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(exceptSessionId ? and(live, sql`${sessions.id} <> ${exceptSessionId}`) : live)
      .returning({ id: sessions.id });
    for (const { id } of ended) this.cache.forget('session', id);
    return ended.length;
  }

  /**
   * Ends every live session of every member of an organization but one (the admin who applies a new second-factor
   * policy to the whole company keeps the session they do it from); returns how many. In the caller's transaction.
   */
  async revokeAllForOrganization(organizationId: string, exceptSessionId: string | null, within: Db = this.db): Promise<number> {
    const members = within.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, organizationId));
    const live = and(inArray(sessions.userId, members), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
    const ended = await within
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(exceptSessionId ? and(live, sql`${sessions.id} <> ${exceptSessionId}`) : live)
      .returning({ id: sessions.id });
    for (const { id } of ended) this.cache.forget('session', id);
    return ended.length;
  }

  /** Ends every live session of an onboarding employee (after a password reset). */
  async revokeAllForEmployee(employeeId: string): Promise<void> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.onboardingEmployeeId, employeeId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    for (const { id } of ended) this.cache.forget('session', id);
  }
}
