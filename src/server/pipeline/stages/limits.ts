import type { LimitName, LimitSubject } from '../../../shared/protocol';
import { ServerBusy } from '../../auth/hash-pool';
import type { AttemptLimiter } from '../../limits/limiter';
import { LIMIT_POLICIES } from '../../limits/policies';
import type { CallState, Stage } from '../stage';

/**
 * Spends, before the handler runs, every budget the event declares whose subject is known now: a payload value or
 * the caller's address. `account` budgets are spent by the handler through `ctx.spend` at the check they guard.
 * When the call succeeds, every attempt it spent is settled (given back or forgotten, per its rules); a failure leaves
 * them counted, but for a refusal for want of capacity (ServerBusy), which gives them back.
 */
export function limitsStage(limiter: AttemptLimiter): Stage {
  return async (call, next) => {
    const declared = Object.entries(call.entry.limits ?? {}) as [LimitName, LimitSubject<unknown>][];
    for (const [name, subject] of declared) {
      const value = subject === 'address' ? (call.caller.ip ?? 'unknown') : subject === 'account' ? undefined : subject(call.payload);
      if (value === undefined) continue;
      call.attempts.set(name, await limiter.spend(name, value, call.caller.ip));
    }
    const settleAll = () => Promise.all([...call.attempts.values()].map((attempt) => attempt.settle()));
    try {
      const reply = await next();
      await settleAll();
      return reply;
    } catch (error) {
      // Refused for want of capacity, not checked: the attempt is given back.
      if (error instanceof ServerBusy) await settleAll();
      throw error;
    }
  };
}

/** `ctx.spend` and `ctx.settle` of a call: only budgets its event declares, and `account` ones only through spend. */
export function budgetsOf(call: CallState, limiter: AttemptLimiter) {
  return {
    spend: async (name: LimitName, accountId: string) => {
      const declared = call.entry.limits?.[name];
      if (declared !== 'account' || LIMIT_POLICIES[name].subject !== 'account') {
        throw new Error(`${call.event} spends the ${name} budget without declaring it as an account budget in the contract`);
      }
      const attempt = await limiter.spend(name, accountId, call.caller.ip);
      call.attempts.set(name, attempt);
      return attempt;
    },
    settle: async (name: LimitName) => {
      await call.attempts.get(name)?.settle();
    },
  };
}
