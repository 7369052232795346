import { LRUCache } from 'lru-cache';
import { CallError } from '../../../shared/protocol';
import { tooManyAttempts } from '../../limits/limiter';
import { CONNECTION_RATE } from '../../limits/policies';
import type { Stage } from '../stage';

/** A call refused because its connection floods; the transport answers it without a log line of its own. */
export class FloodError extends CallError {}

/** A call over its connection's rate: seconds until the window ends, and how many calls the window refused so far. */
export interface Flooding {
  retryAfter: number;
  refused: number;
}

/**
 * Calls per connection in a fixed window (`CONNECTION_RATE`), counted synchronously in this process's memory (a
 * connection lives in one process): one map lookup and an increment, no promise and no error object, so a flood
 * costs the server almost nothing per refused call. Windows of connections gone are dropped when they end.
 */
export class ConnectionRate {
  private readonly windows = new LRUCache<string, { calls: number; endsAt: number }>({ max: 200_000, ttl: CONNECTION_RATE.windowSeconds * 1000 });

  /** Counts a call of `connectionId`: null within its rate, else the flooding it is part of. */
  take(connectionId: string): Flooding | null {
    const now = Date.now();
    const window = this.windows.get(connectionId);
    if (!window || window.endsAt <= now) {
      this.windows.set(connectionId, { calls: 1, endsAt: now + CONNECTION_RATE.windowSeconds * 1000 });
      return null;
    }
    window.calls += 1;
    if (window.calls <= CONNECTION_RATE.points) return null;
    return { retryAfter: Math.max(1, Math.ceil((window.endsAt - now) / 1000)), refused: window.calls - CONNECTION_RATE.points };
  }

  forget(connectionId: string): void {
    this.windows.delete(connectionId);
  }
}

/**
 * The first stage of every call, before anything is decoded: a connection gets `CONNECTION_RATE` calls a window, and
 * 429 beyond, so one flooding client spends its own budget and not the server's. A call its transport already
 * counted (the socket transport counts before the pipeline, `Call.counted`) is not counted again.
 */
export function connectionRateStage(rate: ConnectionRate): Stage {
  return async (call, _ctx, next) => {
    const flooding = call.counted ? null : rate.take(call.caller.connectionId);
    if (flooding) {
      const { code, message, data } = tooManyAttempts(flooding.retryAfter);
      throw new FloodError(code, message, data);
    }
    return next();
  };
}
