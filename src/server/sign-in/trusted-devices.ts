import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { describeDevice, type CallOrigin } from '../auth/device';
import { sha256 } from '../auth/one-time-codes';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { trustedDevices, users } from '../db/schema';

/** A trusted device skips the second factor this long after it was trusted ("Don't ask again … for 30 days"). */
export const TRUSTED_DEVICE_DAYS = 30;
export const TRUSTED_DEVICE_SECONDS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60;
/** A device grant (in the reply of a passed second factor) must be redeemed within this time, once. */
export const DEVICE_GRANT_SECONDS = 5 * 60;
/** The cookie that carries a browser's trusted-device token (HttpOnly; the socket handshake and HTTP calls read it). */
export const DEVICE_COOKIE = 'portal_device';

/** A device token or grant as the client carries it: 32 random bytes, base64url. */
export const DEVICE_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The `portal_device` cookie's value in a Cookie header, when it has the shape of a token. */
export function deviceTokenOfCookie(header: string | undefined | null): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return DEVICE_SECRET_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The caller's device is a live trusted device of this user: the row is touched (`last_used_at`) in the same
 * conditional update that finds it. A token of another user, revoked or expired, is no trusted device.
 */
export async function useTrustedDevice(db: Db, userId: string, token: string | null): Promise<boolean> {
  if (!token || !DEVICE_SECRET_PATTERN.test(token)) return false;
  const rows = await db
    .update(trustedDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(trustedDevices.tokenHash, sha256(token)), eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt), gt(trustedDevices.expiresAt, sql`now()`)))
    .returning({ id: trustedDevices.id });
  return rows.length > 0;
}

// Prepared (db/prepared.ts): every sign-in from a browser that carries a device cookie runs it, before the password.
const liveDeviceOfIdentifier = (db: Db) =>
  db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, sql.placeholder('tokenHash')),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, sql`now()`),
        or(eq(users.email, sql.placeholder('identifier')), eq(users.userName, sql.placeholder('identifier'))),
      ),
    )
    .limit(1);

/**
 * The known device a password attempt comes from (issue 23 §3, the `password` budget's `knownDevicesApart` rule):
 * the id of the live trusted device `token` belongs to, when it is a device of the account `identifier` names (its
 * email or user name, as a sign-in finds it); else null. Read only (a sign-in that skips the second factor touches
 * the row, `useTrustedDevice`). Without a token of the right shape, no query: a caller without a device cookie costs
 * what it did. With one, one indexed lookup by the token, whether the identifier names an account or not.
 */
export async function knownDeviceOf(db: Db, identifier: string, token: string | null): Promise<string | null> {
  if (!token || !DEVICE_SECRET_PATTERN.test(token)) return null;
  const [row] = await prepared(db, liveDeviceOfIdentifier).execute({ tokenHash: sha256(token), identifier: identifier.trim().toLowerCase() });
  return row?.id ?? null;
}

/** A one-time grant to trust the device a second factor was just passed on; returned once, stored as sha256. */
export async function issueDeviceGrant(db: Db, userId: string, origin: CallOrigin): Promise<string> {
  const grant = randomBytes(32).toString('base64url');
  // Grants nobody redeemed in time are of no use any more: they go when the user asks for a new one.
  await db.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), isNull(trustedDevices.tokenHash), lt(trustedDevices.grantExpiresAt, sql`now()`)));
  await db.insert(trustedDevices).values({
    userId,
    grantHash: sha256(grant),
    grantExpiresAt: sql`now() + make_interval(secs => ${DEVICE_GRANT_SECONDS})`,
    device: describeDevice(origin).device,
    ip: origin.ip,
  });
  return grant;
}

/**
 * Redeems a grant: one conditional update turns it into a trusted device with a fresh token, so of any number of
 * parallel redemptions one wins; the others (and a wrong or expired grant) get null.
 */
export async function redeemDeviceGrant(db: Db, grant: string): Promise<{ token: string; expiresAt: Date; userId: string } | null> {
  if (!DEVICE_SECRET_PATTERN.test(grant)) return null;
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .update(trustedDevices)
    .set({
      tokenHash: sha256(token),
      grantHash: null,
      createdAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${TRUSTED_DEVICE_SECONDS})`,
    })
    .where(and(eq(trustedDevices.grantHash, sha256(grant)), isNull(trustedDevices.tokenHash), gt(trustedDevices.grantExpiresAt, sql`now()`)))
    .returning({ expiresAt: trustedDevices.expiresAt, userId: trustedDevices.userId });
  return row?.expiresAt ? { token, expiresAt: row.expiresAt, userId: row.userId } : null;
}

/** A user's live trusted devices, newest first. */
export async function listTrustedDevices(db: Db, userId: string) {
  return db
    .select({ id: trustedDevices.id, device: trustedDevices.device, ip: trustedDevices.ip, createdAt: trustedDevices.createdAt, lastUsedAt: trustedDevices.lastUsedAt, expiresAt: trustedDevices.expiresAt })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), isNotNull(trustedDevices.tokenHash), isNull(trustedDevices.revokedAt), gt(trustedDevices.expiresAt, sql`now()`)))
    .orderBy(desc(trustedDevices.createdAt));
}

/** Stops trusting one device of the user (or all of them without `id`); returns how many stopped. */
export async function revokeTrustedDevices(db: Db, userId: string, id?: string): Promise<number> {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(trustedDevices.userId, userId), id ? eq(trustedDevices.id, id) : undefined, isNull(trustedDevices.revokedAt), isNotNull(trustedDevices.tokenHash), gt(trustedDevices.expiresAt, sql`now()`)))
    .returning({ id: trustedDevices.id });
  return rows.length;
}
