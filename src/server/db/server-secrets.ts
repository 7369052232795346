import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

/**
 * A secret the server makes for itself on first start and keeps in the database, so every instance on one database
 * reads the same value (the first to insert wins; the others read it back). 32 random bytes, base64url.
 */
export async function loadServerSecret(db: Db, name: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing after insert`);
  return row.value;
}
