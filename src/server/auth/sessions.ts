import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { serverSecrets, sessions } from '../db/schema';

/** Token and session lifetime: 7776000 s, 90 days (spec section 9). */
export const SESSION_TTL_SECONDS = 7_776_000;

const SIGNING_KEY = 'session-signing-key';
const ISSUER = 'suite-portal';

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
  private constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {}

  static async create(db: Db): Promise<SessionService> {
    await db
      .insert(serverSecrets)
      .values({ name: SIGNING_KEY, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SIGNING_KEY));
    if (!row) throw new Error('session signing key missing after insert');
    return new SessionService(db, Buffer.from(row.value, 'base64url'));
  }

  /**
   * Opens a session and returns its token. With kind 'onboarding', `userId` is the onboarding employee's id.
   * `ttlSeconds` is for tests that need an already-expired token.
   */
  async open(userId: string, details: { kind?: 'user' | 'onboarding'; ip?: string | null; userAgent?: string | null; ttlSeconds?: number } = {}) {
    const ttl = details.ttlSeconds ?? SESSION_TTL_SECONDS;
    const onboarding = details.kind === 'onboarding';
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: onboarding ? null : userId,
        onboardingEmployeeId: onboarding ? userId : null,
        kind: details.kind ?? 'user',
        expiresAt: sql`now() + make_interval(secs => ${ttl})`,
        ip: details.ip ?? null,
        userAgent: details.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
    if (!row) throw new Error('session insert returned nothing');
    const token = await new SignJWT({ kind: details.kind ?? 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setJti(row.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(row.expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, sessionId: row.id, expiresAt: row.expiresAt };
  }

  /** Resolves a token into its live session, or throws TokenError. */
  async resolve(token: string): Promise<SessionInfo> {
    let claims: { jti?: string; sub?: string; kind?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (error) {
      throw new TokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'malformed');
    }
    if (!claims.jti || !claims.sub) throw new TokenError('malformed');
    const [row] = await this.db
      .select({ id: sessions.id, userId: sessions.userId, employeeId: sessions.onboardingEmployeeId, kind: sessions.kind, revokedAt: sessions.revokedAt, live: sql<boolean>`${sessions.expiresAt} > now()` })
      .from(sessions)
      .where(eq(sessions.id, claims.jti));
    const subject = row?.kind === 'onboarding' ? row.employeeId : row?.userId;
    if (!row || !subject || subject !== claims.sub) throw new TokenError('revoked');
    if (row.revokedAt !== null) throw new TokenError('revoked');
    if (!row.live) throw new TokenError('expired');
    return { sessionId: row.id, userId: subject, kind: row.kind };
  }

  /** Ends one session. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user, but the one to keep (password change keeps the new one). */
  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(exceptSessionId ? and(live, sql`${sessions.id} <> ${exceptSessionId}`) : live);
  }

  /** Ends every live session of an onboarding employee (after a password reset). */
  async revokeAllForEmployee(employeeId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.onboardingEmployeeId, employeeId), isNull(sessions.revokedAt)));
  }

  /** Forgets a push device token wherever it was registered (logout from that device). */
  async forgetDeviceToken(deviceToken: string): Promise<void> {
    await this.db.update(sessions).set({ deviceToken: null }).where(eq(sessions.deviceToken, deviceToken));
  }
}
