import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcSigningKeys } from '../db/schema';

/** A private JWK with its key id and algorithm, as oidc-provider's `jwks` takes it. */
export type SigningJwk = Record<string, unknown> & { kid: string; alg: 'RS256'; use: 'sig' };

function newKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The provider's signing keys, newest first: the newest signs, every one is published in the JWKS (so tokens signed
 * by a retired key still verify). On first start one RS256 key is made and stored; several instances starting at
 * once may each store one, and all of them agree afterwards because they read the same rows. Rotation: README.
 */
export async function loadSigningKeys(db: Db): Promise<SigningJwk[]> {
  const active = await db.select({ kid: oidcSigningKeys.kid }).from(oidcSigningKeys).where(isNull(oidcSigningKeys.retiredAt)).limit(1);
  if (active.length === 0) await addSigningKey(db);
  const rows = await db.select({ jwk: oidcSigningKeys.jwk, retiredAt: oidcSigningKeys.retiredAt }).from(oidcSigningKeys).orderBy(desc(oidcSigningKeys.createdAt));
  // Active keys first (the first one signs), then the retired ones that are still published.
  return [...rows.filter((row) => !row.retiredAt), ...rows.filter((row) => row.retiredAt)].map((row) => row.jwk as SigningJwk);
}

/** Stores a fresh signing key; with `retireOthers`, the keys before it stop signing (still published). */
export async function addSigningKey(db: Db, options: { retireOthers?: boolean } = {}): Promise<string> {
  const key = newKey();
  await db.transaction(async (tx) => {
    if (options.retireOthers) await tx.update(oidcSigningKeys).set({ retiredAt: new Date() }).where(isNull(oidcSigningKeys.retiredAt));
    await tx.insert(oidcSigningKeys).values({ kid: key.kid, jwk: key });
  });
  return key.kid;
}
