import type { LimitName, LimitSubject } from '../../../shared/protocol';
import { ServerBusy } from '../../auth/hash-pool';
import type { AttemptLimiter } from '../../limits/limiter';
import { LIMIT_POLICIES } from '../../limits/policies';
import type { AppAuthenticated, BaseContext, Budgets, SignedIn } from '../context';
import type { Call, Stage } from '../stage';

/** What the limits stage may find before it: a session's user (or none), or an app. */
type Before = BaseContext & Partial<SignedIn | { user: null }> & Partial<AppAuthenticated>;

/**
 * The known device of the account an identifier names that a caller's device token proves (its id), or null: the
 * domain's answer (`knownDeviceOf` in sign-in/trusted-devices.ts), asked only for a caller that carries a token.
 */
export type KnownDeviceOf = (identifier: string, deviceToken: string) => Promise<string | null>;

/** The budgets with a rule that counts a caller's known device apart (`knownDevicesApart`). */
const KNOWN_DEVICES_APART = new Set((Object.keys(LIMIT_POLICIES) as LimitName[]).filter((name) => LIMIT_POLICIES[name].rules.some((rule) => rule.knownDevicesApart)));

/**
 * Spends, before the handler runs, every budget the event declares whose subject is known now: a payload value, the
 * caller's address, or the caller itself (the signed-in user, or the app). `account` budgets are spent by the handler
 * through `ctx.spend` at the check they guard, once the domain has found the account. When the call succeeds, every
 * attempt it spent is settled (given back or forgotten, per its rules); a failure leaves them counted, but for a
 * refusal for want of capacity (ServerBusy), which gives them back. Adds `spend` and `settle` to the context.
 *
 * A budget with a `knownDevicesApart` rule (`password`), spent for an identifier by a caller carrying a device token,
 * first asks `knownDeviceOf` whether the token is a known device of that identifier's account: its attempt is then
 * counted on that device's own key of the rule. A caller without a token is never looked up.
 */
export function limitsStage(limiter: AttemptLimiter, knownDeviceOf: KnownDeviceOf): Stage<Before, Budgets> {
  return async (call, ctx, next) => {
    const caller = callerOf(call, ctx);
    const declared = Object.entries(call.entry.limits ?? {}) as [LimitName, LimitSubject<unknown>][];
    for (const [name, subject] of declared) {
      if (subject === 'caller' && caller === undefined) throw new Error(`${call.event} spends the ${name} budget of a caller it does not have`);
      const value = subject === 'address' ? (call.caller.ip ?? 'unknown') : subject === 'caller' ? caller : subject === 'account' ? undefined : subject(call.payload);
      if (value === undefined) continue;
      const token = call.caller.deviceToken;
      const knownDevice = typeof subject === 'function' && token !== null && KNOWN_DEVICES_APART.has(name) ? await knownDeviceOf(value, token) : null;
      call.attempts.set(name, await limiter.spend(name, value, call.caller.ip, knownDevice));
    }
    const settleAll = () => Promise.all([...call.attempts.values()].map((attempt) => attempt.settle()));
    try {
      const reply = await next(budgetsOf(call, limiter, caller));
      await settleAll();
      return reply;
    } catch (error) {
      // Refused for want of capacity, not checked: the attempt is given back.
      if (error instanceof ServerBusy) await settleAll();
      throw error;
    }
  };
}

/** Whose `caller` budgets a call spends: the app's client id, or the signed-in user's id; none without either. */
function callerOf(call: Call, ctx: Before): string | undefined {
  if (call.entry.auth === 'app') return ctx.app?.clientId;
  if (call.entry.auth === 'user') return ctx.user?.id;
  return undefined;
}

/**
 * `ctx.spend` and `ctx.settle` of a call: only budgets its event declares, and `account` ones only through spend. A
 * spend of the caller's own budget is refused as a mistake in the contract: declared as `caller`, the limits stage
 * spends it before the handler, and the entry reads as the event's whole policy.
 */
export function budgetsOf(call: Call, limiter: AttemptLimiter, caller: string | undefined): Budgets {
  return {
    spend: async (name, accountId) => {
      const declared = call.entry.limits?.[name];
      if (declared !== 'account' || LIMIT_POLICIES[name].subject !== 'account') {
        throw new Error(`${call.event} spends the ${name} budget without declaring it as an account budget in the contract`);
      }
      if (accountId === caller) throw new Error(`${call.event} spends the ${name} budget of its own caller: declare it as \`${name}: 'caller'\` in the contract`);
      const attempt = await limiter.spend(name, accountId, call.caller.ip);
      call.attempts.set(name, attempt);
      return attempt;
    },
    settle: async (name) => {
      await call.attempts.get(name)?.settle();
    },
  };
}
