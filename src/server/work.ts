import { AsyncLocalStorage } from 'node:async_hooks';

/** The expensive work one call did: database statements and password hashes (argon2 hash or verify). */
export interface Work {
  queries: number;
  hashes: number;
}

/** Tables a call wrote that the account cache copies: the pipeline forgets the caller's copies before replying. */
export const CACHED_TABLES = ['users', 'memberships', 'sessions', 'organizations'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

interface CallScope extends Work {
  wrote: Set<CachedTable>;
  /** Whether the call's contract entry declares `hashes: true`, so it passed the busy-server admission. */
  mayHash: boolean;
  event: string;
}

const WRITE = /^\s*(?:update|insert into|delete from)\s+"(users|memberships|sessions|organizations)"/i;

const scope = new AsyncLocalStorage<CallScope>();

/** Counted by the database client's logger for every statement it sends. */
export function countQuery(statement: string): void {
  const work = scope.getStore();
  if (!work) return;
  work.queries += 1;
  const wrote = WRITE.exec(statement)?.[1];
  if (wrote) work.wrote.add(wrote.toLowerCase() as CachedTable);
}

/**
 * Counted by the password module for every argon2 hash or verification. A call whose entry does not declare
 * `hashes: true` is refused here (a 500, and any test of it fails): it would hash without the busy-server admission.
 */
export function countHash(): void {
  const work = scope.getStore();
  if (!work) return;
  if (!work.mayHash) throw new Error(`${work.event} hashes a password but its contract entry does not declare \`hashes: true\``);
  work.hashes += 1;
}

/**
 * Runs one call and counts its work. The counts go into the call's log line, so anyone (and the equal-work tests)
 * can see that a call about an unknown account costs what a call about a known one costs.
 */
export async function measureWork<T>(
  run: () => Promise<T>,
  policy: { event: string; hashes: boolean } = { event: 'a call', hashes: false },
): Promise<{ work: Work; wrote: ReadonlySet<CachedTable>; result: PromiseSettledResult<T> }> {
  const call: CallScope = { queries: 0, hashes: 0, wrote: new Set(), mayHash: policy.hashes, event: policy.event };
  const result = await scope.run(call, () => run().then((value) => ({ status: 'fulfilled' as const, value }), (reason: unknown) => ({ status: 'rejected' as const, reason })));
  return { work: { queries: call.queries, hashes: call.hashes }, wrote: call.wrote, result };
}

/** Runs work that belongs to no call (background mail, cleanup): it is not counted against the call that started it. */
export function outsideCall<T>(run: () => T): T {
  return scope.exit(run);
}
