import type { AnyEntry } from './stage';

/** The stages a call may pass, in the order they run. */
export const STAGE_ORDER = ['connection rate', 'decode', 'parse', 'session', 'app', 'admission', 'limits', 'held login', 'reply check'] as const;
export type StageName = (typeof STAGE_ORDER)[number];

/**
 * The stages of one contract entry, from its policy alone: every call is rate-limited per connection, decoded and
 * parsed; `auth` adds the session stage (or, for `app`, the app stage) and, for `userOrLogin`, the held-login stage;
 * `hashes` adds the busy-server admission; `limits` adds the limits stage; the reply is checked last. Pure, so a test
 * can hold every entry of every contract against it. Refuses a policy the stages cannot honour: a `caller` budget
 * without a caller known before the limits stage.
 */
export function stagesOf(event: string, entry: Pick<AnyEntry, 'auth' | 'hashes' | 'limits'>): StageName[] {
  const subjects = Object.values(entry.limits ?? {});
  if (subjects.includes('caller') && entry.auth !== 'user' && entry.auth !== 'app') {
    throw new Error(`${event} declares a 'caller' budget, but only 'user' and 'app' calls have their caller before the limits stage`);
  }
  const stages: StageName[] = ['connection rate', 'decode', 'parse'];
  if (entry.auth === 'app') stages.push('app');
  else if (entry.auth !== 'none') stages.push('session');
  if (entry.hashes) stages.push('admission');
  if (entry.limits && Object.keys(entry.limits).length > 0) stages.push('limits');
  if (entry.auth === 'userOrLogin') stages.push('held login');
  stages.push('reply check');
  return stages;
}
