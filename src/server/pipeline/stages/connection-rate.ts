import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { CallError } from '../../../shared/protocol';
import { tooManyAttempts } from '../../limits/limiter';
import { CONNECTION_RATE } from '../../limits/policies';
import type { Stage } from '../stage';

/** A call refused because its connection floods; the transport answers it without a log line of its own. */
export class FloodError extends CallError {}

/**
 * The first stage of every call, before anything is decoded: a connection gets `CONNECTION_RATE` calls a second, and
 * 429 beyond, so one flooding client spends its own budget and not the server's. Counted in this process's memory:
 * a connection lives in one process.
 */
export function connectionRateStage(): Stage {
  const limiter = new RateLimiterMemory({ keyPrefix: 'connection', points: CONNECTION_RATE.points, duration: CONNECTION_RATE.windowSeconds });
  return async (call, _ctx, next) => {
    try {
      await limiter.consume(call.caller.connectionId);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const { code, message, data } = tooManyAttempts(refusal.msBeforeNext / 1000);
      throw new FloodError(code, message, data);
    }
    return next();
  };
}
