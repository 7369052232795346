import { eq, lt, sql, type SQL } from 'drizzle-orm';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { executeTemplate } from '../db/prepared';
import { rateLimits } from '../db/schema';

/** One counter of an attempt: its stored key, the attempts its window allows, and the window's length. */
export interface CounterRule {
  key: string;
  points: number;
  windowMs: number;
}

/** A counter after an attempt was counted: attempts in its window so far, and the time until the window ends. */
export interface Count {
  count: number;
  msLeft: number;
}

/** Where attempt counters live. Every instance of the portal must share one (its database, or one Redis). */
export interface LimitStore {
  readonly kind: 'database' | 'redis';
  /**
   * Counts one attempt against each counter in order and stops after the first one over its points, so an attempt
   * refused by one counter is not counted by the ones after it. Each count is atomic (a hundred racing attempts get
   * consecutive numbers). Returns the counts made, one per counter up to the refusing one.
   */
  consumeInOrder(counters: CounterRule[]): Promise<Count[]>;
  /** Gives one attempt back to each counter (an attempt that succeeded, or that a later counter refused). */
  giveBack(counters: CounterRule[]): Promise<void>;
  /** Locks a counter for `ms` from now: it stays over its points until then (the attempt that crossed the line). */
  block(counter: CounterRule, ms: number): Promise<void>;
  /** Deletes one stored key (`prefix` false) or every key starting with it. */
  deleteKeys(keyOrPrefix: string, prefix: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Rows whose window or lock ended this long ago are deleted by a sweep every few minutes. */
const SWEEP_EVERY_MS = 5 * 60_000;
const SWEEP_AFTER_EXPIRY_MS = 60 * 60_000;

/**
 * The `index`th counter's step in the `rate_limits` table: a new window when the stored one ended, else one more
 * attempt; `guard` (the counters before it all within their points) decides whether it is counted at all. Its values
 * are placeholders (`k`ey, window in `s`econds), filled at each attempt: the text is built once per number of counters.
 */
function countStep(index: number, guard: SQL | null): SQL {
  const key = sql.placeholder(`k${index}`);
  const expire = sql`now() + make_interval(secs => ${sql.placeholder(`s${index}`)})`;
  const row = guard ? sql`SELECT ${key}, 1, ${expire} WHERE ${guard}` : sql`VALUES (${key}, 1, ${expire})`;
  return sql`INSERT INTO ${rateLimits} (key, points, expire) ${row}
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN ${rateLimits.expire} <= now() THEN 1 ELSE ${rateLimits.points} + 1 END,
      expire = CASE WHEN ${rateLimits.expire} <= now() THEN excluded.expire ELSE ${rateLimits.expire} END
    RETURNING points, (extract(epoch from (expire - now())) * 1000)::float8 AS ms_left`;
}

/** The chain that counts `count` counters in order, each guarded by the counts before it (`p`oints each allows). */
function consumeChain(count: number): SQL {
  const steps = Array.from({ length: count }, (_, index) => {
    const guard = index === 0 ? null : sql.join(Array.from({ length: index }, (_, at) => sql`(SELECT points FROM ${sql.raw(`c${at}`)}) <= ${sql.placeholder(`p${at}`)}`), sql` AND `);
    return sql`${sql.raw(`c${index}`)} AS (${countStep(index, guard)})`;
  });
  const picks = Array.from({ length: count }, (_, index) => sql`SELECT ${sql.raw(String(index))}::int AS at, points, ms_left FROM ${sql.raw(`c${index}`)}`);
  return sql`WITH ${sql.join(steps, sql`, `)} ${sql.join(picks, sql` UNION ALL `)}`;
}

/** The statement that gives one attempt back to each of `count` counters, in their order. */
function giveBackChain(count: number): SQL {
  const steps = Array.from(
    { length: count },
    (_, index) =>
      sql`${sql.raw(`g${index}`)} AS (UPDATE ${rateLimits} SET points = GREATEST(${rateLimits.points} - 1, 0) WHERE ${rateLimits.key} = ${sql.placeholder(`k${index}`)} AND ${rateLimits.expire} > now() RETURNING 1 AS given)`,
  );
  const picks = Array.from({ length: count }, (_, index) => sql`SELECT given FROM ${sql.raw(`g${index}`)}`);
  return sql`WITH ${sql.join(steps, sql`, `)} ${sql.join(picks, sql` UNION ALL `)}`;
}

/** The placeholders' values of the counters' chains. */
const valuesOf = (counters: CounterRule[]) =>
  Object.fromEntries(counters.flatMap((counter, index) => [[`k${index}`, counter.key], [`s${index}`, counter.windowMs / 1000], [`p${index}`, counter.points]]));

/**
 * Counters in the `rate_limits` table. All the counters of one attempt are counted in ONE statement (a chain of
 * INSERT … ON CONFLICT DO UPDATE in data-modifying CTEs, each guarded by the counts before it), and a success gives
 * its attempt back in one more: a sign-in costs two statements of limits, not one per rule and step. Atomic per row
 * on PGlite and PostgreSQL alike; the same key layout and table as before (rate-limiter-flexible's Drizzle store).
 */
export function databaseLimitStore(db: Db): LimitStore {
  const sweep = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - SWEEP_AFTER_EXPIRY_MS)))
      .catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    kind: 'database',
    async consumeInOrder(counters) {
      if (counters.length === 0) return [];
      // Named: PostgreSQL plans this chain once per connection, not at every attempt (db/prepared.ts).
      const result = await executeTemplate<{ at: number; points: number; ms_left: number }>(db, `limits.consume.${counters.length}`, () => consumeChain(counters.length), valuesOf(counters));
      return result.rows
        .sort((a, b) => a.at - b.at)
        .map((row) => ({ count: Number(row.points), msLeft: Math.max(0, Number(row.ms_left)) }));
    },
    async giveBack(counters) {
      if (counters.length === 0) return;
      // In the counters' order, as every count takes them: two statements never wait for each other's rows crosswise.
      await executeTemplate(db, `limits.give-back.${counters.length}`, () => giveBackChain(counters.length), valuesOf(counters));
    },
    async block(counter, ms) {
      await db
        .update(rateLimits)
        .set({ points: sql`GREATEST(${rateLimits.points}, ${counter.points + 1})`, expire: sql`now() + make_interval(secs => ${ms / 1000})` })
        .where(eq(rateLimits.key, counter.key));
    },
    async deleteKeys(keyOrPrefix, prefix) {
      await db.delete(rateLimits).where(prefix ? sql`starts_with(${rateLimits.key}, ${keyOrPrefix})` : eq(rateLimits.key, keyOrPrefix));
    },
    close: async () => clearInterval(sweep),
  };
}

const GLOB_SPECIAL = /[*?[\]\\]/g;

/**
 * Counters in Redis (REDIS_URL), for instances that share Redis; rate-limiter-flexible's Lua keeps each count atomic.
 * Keys start with `namespace`, which every instance of one deployment shares (it is kept in the database), so several
 * deployments, or test runs, can share one Redis without counting each other's attempts.
 */
export async function redisLimitStore(url: string, namespace: string): Promise<LimitStore> {
  // Loaded only when REDIS_URL is set (see socket/redis-adapter.ts).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: 2 });
  const at = (key: string) => `${namespace}:${key}`;
  // One rate-limiter-flexible counter per window shape; the limiter blocks itself (block below), not on consume.
  const shapes = new Map<string, RateLimiterRedis>();
  const shape = ({ points, windowMs }: CounterRule) => {
    const name = `${points}/${windowMs}`;
    let limiter = shapes.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({ storeClient: redis, useRedisPackage: false, keyPrefix: namespace, points, duration: windowMs / 1000, blockDuration: 0 });
      shapes.set(name, limiter);
    }
    return limiter;
  };
  const counted = (res: RateLimiterRes): Count => ({ count: res.consumedPoints, msLeft: Math.max(0, res.msBeforeNext) });
  return {
    kind: 'redis',
    async consumeInOrder(counters) {
      const counts: Count[] = [];
      for (const counter of counters) {
        try {
          counts.push(counted(await shape(counter).consume(counter.key)));
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          counts.push(counted(refusal));
          break;
        }
      }
      return counts;
    },
    async giveBack(counters) {
      await Promise.all(counters.map((counter) => shape(counter).reward(counter.key)));
    },
    async block(counter, ms) {
      await shape(counter).block(counter.key, ms / 1000);
    },
    async deleteKeys(keyOrPrefix, prefix) {
      if (!prefix) {
        await redis.del(at(keyOrPrefix));
        return;
      }
      const stream = redis.scanStream({ match: `${at(keyOrPrefix).replace(GLOB_SPECIAL, '\\$&')}*`, count: 200 });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.del(...keys);
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
