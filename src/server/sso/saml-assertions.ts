import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dbNow, samlAssertions } from '../db/schema';

/**
 * Takes an assertion id for one connection, once: true for the first claim, false for every other, however many race
 * (one insert, `ON CONFLICT DO NOTHING`; the primary key decides). Rows are kept until `expiresAt` (the assertion's
 * NotOnOrAfter with the clock skew: after that it is refused as expired anyway) and swept by the claims that follow.
 */
export async function claimAssertion(db: Db, connectionId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
  await db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, dbNow));
  const claimed = await db.insert(samlAssertions).values({ connectionId, assertionId, expiresAt }).onConflictDoNothing().returning({ assertionId: samlAssertions.assertionId });
  return claimed.length === 1;
}
