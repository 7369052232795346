import { LRUCache } from 'lru-cache';
import type { ChangeListener } from '../db/client';

/**
 * In-memory copies of what almost every call reads: sessions, users and their memberships. An entry is forgotten the
 * moment its row changes, on every instance: database triggers announce each change on the `portal_changes` channel
 * (migration 0004), and every instance listens. A reload that raced a change is not kept (a generation counter), and
 * everything is forgotten when the listening connection was lost, since changes may have been missed meanwhile.
 * Entries also expire after about a minute, a safety net rather than the mechanism; each entry's age limit is drawn
 * between 45 and 75 s, so entries loaded together (a server's first calls) are not all reloaded in the same instant.
 *
 * Calls that miss the same key at once share one load (single flight): a thousand sockets of one session whose entry
 * just expired cost one query, not a thousand queued for the pool's connections. A change of the key (or a reset)
 * detaches the load in flight, so a call that starts after the change never receives what was read before it.
 */

export const CHANGES_CHANNEL = 'portal_changes';

const TTL_MS = 60_000;
/** ± this share of TTL_MS, drawn per entry. */
const TTL_SPREAD = 0.25;
const MAX_ENTRIES = 20_000;

type Kind = 'session' | 'user' | 'memberships';

export class AccountCache implements ChangeListener {
  private readonly entries = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES, ttl: TTL_MS });
  /** Bumped by every change of a key, so a load that started before the change is not stored after it. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  /** Loads in flight by key, joined by every call that misses the same key until the load settles. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly endedListeners = new Set<(sessionId: string) => void>();
  private readonly organizationListeners = new Set<() => void>();
  hits = 0;
  misses = 0;

  /** A cached value, or the loader's result (stored unless the row changed while it loaded). */
  async get<T>(kind: Kind, id: string, load: () => Promise<T>): Promise<T> {
    const key = `${kind}:${id}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.hits += 1;
      return cached.value as T;
    }
    this.misses += 1;
    const joined = this.inFlight.get(key);
    if (joined) return joined as Promise<T>;
    const generation = this.generations.get(key) ?? 0;
    const epoch = this.epoch;
    const loading: Promise<T> = load()
      .then((value) => {
        const current = (this.generations.get(key) ?? 0) === generation && this.epoch === epoch;
        // Nothing is kept for a row that is not there (yet): a miss costs a query, never a wrong answer.
        if (value !== null && current) this.entries.set(key, { value }, { ttl: TTL_MS * (1 - TTL_SPREAD + 2 * TTL_SPREAD * Math.random()) });
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
      });
    this.inFlight.set(key, loading);
    return loading;
  }

  /** Called when a session of this instance's sockets ends (revoked or expired), on whichever instance it ended. */
  onSessionEnded(listener: (sessionId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * Called when any organization changed (its row announced, or this instance wrote one), and when changes may have
   * been missed (a reset): what else keeps organizations' values (the pages' languages) forgets them.
   */
  onOrganizationChanged(listener: () => void): () => void {
    this.organizationListeners.add(listener);
    return () => this.organizationListeners.delete(listener);
  }

  forget(kind: Kind, id: string): void {
    const key = `${kind}:${id}`;
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.entries.delete(key);
    this.inFlight.delete(key);
  }

  onChange(payload: string): void {
    const separator = payload.indexOf(':');
    const what = payload.slice(0, separator);
    const id = payload.slice(separator + 1);
    if (what === 'session' || what === 'session-ended') {
      this.forget('session', id);
      if (what === 'session-ended') for (const listener of this.endedListeners) listener(id);
    } else if (what === 'user') {
      this.forget('user', id);
      this.forget('memberships', id);
    } else if (what === 'memberships') {
      this.forget('memberships', id);
    } else {
      // An organization changed (plan, ranges, second-factor policy, language): every membership list may show it.
      this.forgetMemberships();
      for (const listener of this.organizationListeners) listener();
    }
  }

  onReset(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inFlight.clear();
    for (const listener of this.organizationListeners) listener();
  }

  private forgetMemberships(): void {
    this.epoch += 1;
    for (const key of [...this.entries.keys()]) if (key.startsWith('memberships:')) this.entries.delete(key);
    for (const key of [...this.inFlight.keys()]) if (key.startsWith('memberships:')) this.inFlight.delete(key);
  }
}
