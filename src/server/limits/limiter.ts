import { createHash } from 'node:crypto';
import { CallError, ERROR_CODES, type LimitName } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import { LIMIT_POLICIES, MAILS_PER_RECIPIENT, type LimitPolicy, type LimitRule } from './policies';
import { DenyCache } from './deny-cache';
import { Gate } from './gate';
import type { LimitStore } from './stores';

/**
 * Attempts counted in the store at once (each holds a database connection on PostgreSQL while its statement runs);
 * more wait in line, at most ATTEMPT_QUEUE of them for at most ATTEMPT_WAIT_MS, and beyond answer 429 "The server is
 * busy". With the database pool of 10 (db/client.ts), a flood of attempts leaves 6 connections to everyone else.
 */
export const ATTEMPT_SLOTS = 4;
const ATTEMPT_QUEUE = 2_000;
const ATTEMPT_WAIT_MS = 1_000;

/** The one refusal of every limit: 429, the wait in words, and `retryAfter` in seconds for clients. */
export function tooManyAttempts(seconds: number): CallError {
  // Rounded, not raised: a store's clock reads a 15-minute lock as 900.2 s left, which must not say "16 minutes".
  const wait = Math.max(1, Math.round(seconds));
  return new CallError(ERROR_CODES.TOO_MANY_ATTEMPTS, MESSAGES.tooManyAttempts(wait), { retryAfter: wait });
}

/** An attempt that was counted; `settle` applies each rule's `onSuccess` once the check it guarded passed. */
export interface Attempt {
  readonly policy: LimitName;
  settle(): Promise<void>;
}

/** A rule just locked a subject: the attempt that crossed its line, from `address`. */
export interface LockEvent {
  policy: LimitName;
  subject: string;
  rule: LimitRule;
  address: string | null;
  /** The known device whose own key locked (a `knownDevicesApart` rule), or null: the lock of every other caller. */
  knownDevice: string | null;
}

/**
 * What the limiter tells: a rule locked a subject (once per lock, however many requests race: the unlock mail and the
 * audit log), and an attempt was refused (metrics).
 */
export interface LimitListener {
  onLocked?(event: LockEvent): void;
  onRefused?(policy: LimitName): void;
}

/** Subjects are stored hashed: the counter table and Redis never hold an email or identifier. */
const hashed = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Attempt budgets over one store (the database, or Redis when REDIS_URL is set), so every instance sharing it
 * agrees. `spend` counts an attempt atomically BEFORE the expensive check it guards: a hundred parallel guesses get
 * exactly the rule's number of checks, and the rest a 429 without any work.
 */
export class AttemptLimiter {
  /** Counters known to be over their limit, and until when: refused from memory (deny-cache.ts). */
  private readonly denied = new DenyCache();
  private readonly gate = new Gate(ATTEMPT_SLOTS, ATTEMPT_QUEUE, ATTEMPT_WAIT_MS);

  constructor(
    private readonly store: LimitStore,
    private readonly listener: LimitListener = {},
  ) {}

  /** Whether a mail of this kind may go to this recipient now (MAILS_PER_RECIPIENT); counts it when it may. */
  async mayMail(recipient: string, kind: string): Promise<boolean> {
    const counter = { key: `mail.recipient:${hashed(`${kind}:${recipient}`)}`, points: MAILS_PER_RECIPIENT.points, windowMs: MAILS_PER_RECIPIENT.windowSeconds * 1000 };
    const [counted] = await this.store.consumeInOrder([counter]);
    return counted!.count <= counter.points;
  }

  /**
   * Claims a one-time thing (a code's id) for `ttlSeconds`, in the same atomic step as every count: true for the one
   * claim that came first, however many race (on every instance sharing the store); false for every other.
   */
  async claimOnce(key: string, ttlSeconds: number): Promise<boolean> {
    const [counted] = await this.store.consumeInOrder([{ key: `once:${key}`, points: 1, windowMs: ttlSeconds * 1000 }]);
    return counted!.count === 1;
  }

  /**
   * Counts one attempt of `subject` (a payload value, an account id, or the address for address budgets) from
   * `address` against every rule of the policy, most specific first, in one step of the store. A refused attempt
   * throws the 429 and is given back to the rules before the refusing one (the rules after it never count it), so a
   * lock at one address cannot spill into the subject's budget for every address. `knownDevice` (the id of a known
   * device of the subject's account the caller proved, or null) moves the policy's `knownDevicesApart` rule onto
   * that device's own key; every other rule counts the attempt as for anyone.
   */
  async spend(name: LimitName, subject: string, address: string | null, knownDevice: string | null = null): Promise<Attempt> {
    const rules = LIMIT_POLICIES[name].rules;
    const counters = rules.map((rule) => ({ key: keyOf(name, rule, subject, address, knownDevice), points: rule.points, windowMs: rule.windowSeconds * 1000 }));
    const keys = counters.map((counter) => counter.key);
    // Asked again once in line: the attempts ahead may have found the counter over its limit meanwhile.
    const refuseIfDenied = () => {
      const ms = this.denied.refused(keys);
      if (ms === null) return;
      this.listener.onRefused?.(name);
      throw tooManyAttempts(ms / 1000);
    };
    refuseIfDenied();
    await this.gate.run(async () => {
      refuseIfDenied();
      const counts = await this.store.consumeInOrder(counters);
      const refusing = counts.findIndex((counted, index) => counted.count > counters[index]!.points);
      if (refusing < 0) return;
      const rule = rules[refusing]!;
      const counter = counters[refusing]!;
      await this.store.giveBack(counters.slice(0, refusing));
      let waitMs = counts[refusing]!.msLeft;
      // Exactly one request crosses the line, however many race: it alone locks the rule and tells the owner.
      if (counts[refusing]!.count === rule.points + 1) {
        if (rule.blockSeconds > 0) {
          waitMs = rule.blockSeconds * 1000;
          await this.store.block(counter, waitMs);
        }
        this.listener.onLocked?.({ policy: name, subject, rule, address, knownDevice: rule.knownDevicesApart ? knownDevice : null });
      }
      this.denied.deny(counter.key, waitMs);
      this.listener.onRefused?.(name);
      throw tooManyAttempts(waitMs / 1000);
    });
    let settled = false;
    return {
      policy: name,
      settle: async () => {
        if (settled) return;
        settled = true;
        await this.store.giveBack(counters.filter((_, index) => rules[index]!.onSuccess === 'refund'));
      },
    };
  }

  /**
   * Lifts every lock of a subject under a policy, from every address and on every known device (a password reset,
   * the owner's unlock link). Address-wide rules are left alone: they are about the address, not the account.
   */
  async forget(name: LimitName, subject: string): Promise<void> {
    const policy: LimitPolicy = LIMIT_POLICIES[name];
    await Promise.all(
      policy.rules.map((rule) => {
        // The subject's hash has a fixed length: as a prefix, its key covers itself and its known devices' keys only.
        if (rule.per === 'address') return undefined;
        const [key, prefix] = rule.per === 'subject' ? [`${name}.subject:${hashed(subject)}`, rule.knownDevicesApart === true] : [`${name}.pair:${hashed(subject)}:`, true];
        // This instance forgets at once; another one refuses from its memory for at most DENY_CACHE_MAX_MS more.
        this.denied.forget(key, !prefix);
        return this.store.deleteKeys(key, prefix);
      }),
    );
  }

  /** Forgets every refusal this instance remembers: its store was emptied by hand (an operator, a test's reset). */
  forgetRefusals(): void {
    this.denied.clear();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * The stored key of a rule's counter: `{policy}.{per}:{hashed subject}[:{address}]` (the address alone for address
 * rules), and `{policy}.subject:{hashed subject}:device:{id}` for a known device's own count of a `knownDevicesApart` rule.
 */
function keyOf(name: LimitName, rule: LimitRule, subject: string, address: string | null, knownDevice: string | null): string {
  const where = address ?? 'unknown';
  if (rule.per === 'address') return `${name}.${rule.per}:${where}`;
  if (rule.per === 'pair') return `${name}.${rule.per}:${hashed(subject)}:${where}`;
  if (rule.knownDevicesApart && knownDevice !== null) return `${name}.${rule.per}:${hashed(subject)}:device:${knownDevice}`;
  return `${name}.${rule.per}:${hashed(subject)}`;
}
