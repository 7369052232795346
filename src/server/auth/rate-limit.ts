import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface LimitRule {
  /** Failures allowed inside one window before the key is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Sign-in limits: per identifier (one account guessed at) and per client address (many accounts tried from one place). */
export const SIGN_IN_LIMITS = {
  identifier: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { maxFailures: 50, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * Failure counters kept in the database, so limits hold across restarts and across instances.
 * Time comes from the database clock.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Seconds until the key may try again, or 0 when it is not locked. */
  async retryAfter(key: string): Promise<number> {
    const [row] = await this.db
      .select({ seconds: sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM (${rateLimits.lockedUntil} - now()))))::int` })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    return row?.seconds ?? 0;
  }

  /** Counts one failure; locks the key when the window's allowance is used up. Returns seconds locked (0 if not). */
  async fail(key: string, rule: LimitRule): Promise<number> {
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          failures: sql`CASE WHEN ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds}) THEN 1 ELSE ${rateLimits.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE ${rateLimits.windowStartedAt} END`,
        },
      })
      .returning({ failures: rateLimits.failures });
    if (!row || row.failures < rule.maxFailures) return 0;
    await this.db
      .update(rateLimits)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${rule.lockSeconds})`, failures: 0, windowStartedAt: sql`now()` })
      .where(eq(rateLimits.key, key));
    return rule.lockSeconds;
  }

  /** Forgets a key's failures (after a success). */
  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
