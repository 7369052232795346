import { LRUCache } from 'lru-cache';

/**
 * At most this long a refusal is answered from memory before the store is asked again: a lock lifted on another
 * instance (a password reset, an unlock link) holds here for at most this long.
 */
export const DENY_CACHE_MAX_MS = 10_000;
/** Keys remembered at most: an attacker rotating subjects fills it, and the oldest are asked of the store again. */
const DENY_CACHE_KEYS = 50_000;

/**
 * "Refused until T" per counter key, in this process's memory: once a counter is over its limit, further attempts on
 * it are refused without a statement (or a Redis round trip), so a flood of refusals costs no database connection.
 * Each entry lives until its T or DENY_CACHE_MAX_MS, whichever comes first; the store stays the record.
 */
export class DenyCache {
  private readonly until = new LRUCache<string, number>({ max: DENY_CACHE_KEYS, ttlAutopurge: false });

  /** Remembers that `key` is refused for `ms` from now. */
  deny(key: string, ms: number): void {
    const ttl = Math.min(ms, DENY_CACHE_MAX_MS);
    if (ttl >= 1) this.until.set(key, Date.now() + ms, { ttl });
  }

  /** Milliseconds until the first of `keys` (in order) that is refused is allowed again, or null when none is. */
  refused(keys: readonly string[]): number | null {
    for (const key of keys) {
      const until = this.until.get(key);
      if (until !== undefined && until > Date.now()) return until - Date.now();
    }
    return null;
  }

  clear(): void {
    this.until.clear();
  }

  /** Forgets every key starting with `prefix` (`exact`: that key alone): a lock was lifted here. */
  forget(prefix: string, exact: boolean): void {
    if (exact) {
      this.until.delete(prefix);
      return;
    }
    for (const key of [...this.until.keys()]) if (key.startsWith(prefix)) this.until.delete(key);
  }
}
