import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeCodes, type CodePurpose } from '../db/schema';

/** How long mailed codes and links live, in seconds (the README states them). */
export const CODE_LIFETIMES = {
  /** The six-digit code of email verification. */
  verifyAccount: 30 * 60,
  /** The six-digit code of organization verification. */
  verifyOrganization: 30 * 60,
  /** A password reset link (accounts and onboarding employees). */
  resetPassword: 60 * 60,
  /** A member invitation made by `createInvitation` (seeded ones carry their own expiry, or none). */
  invitation: 7 * 24 * 60 * 60,
  /** A client invitation link. */
  clientInvitation: 7 * 24 * 60 * 60,
  /** The six-digit second factor mailed at sign-in (MFAType 1). */
  mfaLogin: 10 * 60,
  /** The reset ticket forgotPasswordWithRecoveryCode hands back as `user`. */
  recoveryReset: 15 * 60,
  /** The link mailed to the owner of an account whose sign-in was locked (/unlock/{code}). */
  unlockAccount: 60 * 60,
} as const;

/** Secrets are stored as sha256 only; a database leak does not hand out live links. */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface CodeSubject {
  userId?: string | null;
  onboardingEmployeeId?: string | null;
  organizationId?: string | null;
}

function subjectFilter(purpose: CodePurpose, subject: CodeSubject) {
  return and(
    eq(oneTimeCodes.purpose, purpose),
    subject.userId ? eq(oneTimeCodes.userId, subject.userId) : isNull(oneTimeCodes.userId),
    subject.onboardingEmployeeId ? eq(oneTimeCodes.onboardingEmployeeId, subject.onboardingEmployeeId) : isNull(oneTimeCodes.onboardingEmployeeId),
    subject.organizationId ? eq(oneTimeCodes.organizationId, subject.organizationId) : undefined,
  );
}

async function store(db: Db, purpose: CodePurpose, subject: CodeSubject, secret: string, lifetimeSeconds: number): Promise<void> {
  // Codes of one purpose and subject are issued one at a time (inside the caller's transaction, until it ends), each
  // stamped with the moment it was made: the code issued last is the latest, and its mail is queued last.
  const lockKey = `${purpose}:${subject.userId ?? ''}:${subject.onboardingEmployeeId ?? ''}:${subject.organizationId ?? ''}`;
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  // A new code replaces the older ones of the same purpose and subject: only the latest mail works.
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(subjectFilter(purpose, subject), isNull(oneTimeCodes.usedAt)));
  await db.insert(oneTimeCodes).values({
    purpose,
    codeHash: sha256(secret),
    userId: subject.userId ?? null,
    onboardingEmployeeId: subject.onboardingEmployeeId ?? null,
    organizationId: subject.organizationId ?? null,
    createdAt: sql`clock_timestamp()`,
    expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
  });
}

/** A fresh six-digit code for a subject; returns the code to mail. */
export async function issueOtp(db: Db, purpose: CodePurpose, subject: CodeSubject, lifetimeSeconds: number): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await store(db, purpose, subject, code, lifetimeSeconds);
  return code;
}

/** A fresh link secret (256 bits, URL-safe); returns the secret to put in the link. */
export async function issueLinkSecret(db: Db, purpose: CodePurpose, subject: CodeSubject, lifetimeSeconds: number): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await store(db, purpose, subject, secret, lifetimeSeconds);
  return secret;
}

export type CodeCheck = { status: 'ok'; row: typeof oneTimeCodes.$inferSelect } | { status: 'wrong' | 'expired' | 'used' };

/**
 * Checks and, when right, uses up the subject's latest six-digit code. Only the latest code counts; the
 * comparison is constant-time; using it is one conditional update, so two racing requests cannot both win.
 */
export async function useOtp(db: Db, purpose: CodePurpose, subject: CodeSubject, code: string): Promise<CodeCheck> {
  const check = await findOtp(db, purpose, subject, code);
  return check.status === 'ok' ? markUsed(db, check.row) : check;
}

/**
 * Checks the subject's latest six-digit code without using it up (same statement and comparison as `useOtp`): for a
 * check that may still ask for more before the code is spent (`markUsed`), such as the password of an account that
 * has none it chose.
 */
export async function findOtp(db: Db, purpose: CodePurpose, subject: CodeSubject, code: string): Promise<CodeCheck> {
  const [latest] = await db
    .select({ row: oneTimeCodes, live: sql<boolean>`${oneTimeCodes.expiresAt} > now()` })
    .from(oneTimeCodes)
    .where(subjectFilter(purpose, subject))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest || !sameHash(latest.row.codeHash, sha256(code))) return { status: 'wrong' };
  if (latest.row.usedAt !== null) return { status: 'used' };
  if (!latest.live) return { status: 'expired' };
  return { status: 'ok', row: latest.row };
}

/** Looks up a link secret of one of the purposes without using it (the reset screen checks the link on load). */
export async function findLinkSecret(db: Db, purposes: CodePurpose[], secret: string): Promise<CodeCheck> {
  const hash = sha256(secret);
  const [found] = await db
    .select({ row: oneTimeCodes, live: sql<boolean>`${oneTimeCodes.expiresAt} > now()` })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, hash), inArray(oneTimeCodes.purpose, purposes)))
    .limit(1);
  if (!found || !sameHash(found.row.codeHash, hash)) return { status: 'wrong' };
  if (found.row.usedAt !== null) return { status: 'used' };
  if (!found.live) return { status: 'expired' };
  return { status: 'ok', row: found.row };
}

/** Uses up a code row found earlier; 'used' when another request used it first. */
export async function markUsed(db: Db, row: typeof oneTimeCodes.$inferSelect): Promise<CodeCheck> {
  const [used] = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning();
  return used ? { status: 'ok', row: used } : { status: 'used' };
}
