import { and, eq, sql } from 'drizzle-orm';
import { findUserById, type UserRow } from '../accounts/queries';
import type { Db } from '../db/client';
import { microsoftLinks, users } from '../db/schema';
import type { MicrosoftIdentity } from './oidc-client';

/** How an account was found for a Microsoft identity. */
export type AccountMatch = { user: UserRow; by: 'link' | 'email' } | null;

/**
 * The account of a Microsoft identity: first the stored link (issuer + stable id), else the account whose email the
 * provider vouches for, which is then linked (so a later change of address at Microsoft keeps working). No match:
 * null, and nothing is created.
 */
export async function matchAccount(db: Db, identity: MicrosoftIdentity): Promise<AccountMatch> {
  const [linked] = await db
    .update(microsoftLinks)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(microsoftLinks.issuer, identity.issuer), eq(microsoftLinks.subject, identity.subject)))
    .returning({ userId: microsoftLinks.userId });
  if (linked) {
    const user = await findUserById(db, linked.userId);
    if (user) return { user, by: 'link' };
  }
  if (identity.verifiedEmail === null) return null;
  const [user] = await db.select().from(users).where(eq(users.email, identity.verifiedEmail)).limit(1);
  if (!user) return null;
  // Two first sign-ins at once both find the account; the first insert wins, the second changes nothing.
  await db
    .insert(microsoftLinks)
    .values({ issuer: identity.issuer, subject: identity.subject, userId: user.id, email: identity.verifiedEmail })
    .onConflictDoNothing();
  return { user, by: 'email' };
}
