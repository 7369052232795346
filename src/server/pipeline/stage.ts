import type { EventPolicy, LimitName } from '../../shared/protocol';
import type * as z from 'zod';
import type { Attempt } from '../limits/limiter';
import type { BaseContext, Caller } from './context';

/** A contract entry as the pipeline sees it, whichever contract it comes from (socket, HTTP, admin API). */
export interface AnyEntry extends EventPolicy<never> {
  payload: z.ZodType;
  reply: z.ZodType;
}

/** One call on its way through the stages: what the transport brought and what the stages made of the payload. */
export interface Call {
  event: string;
  entry: AnyEntry;
  caller: Caller;
  /** The payload as received, then as decoded (decode stage). */
  raw: unknown;
  /** The payload as the contract parsed it (parse stage). */
  payload: unknown;
  /** Already counted against its connection's rate by the transport (sockets count before the pipeline). */
  counted?: boolean;
  /** Budgets spent by this call, settled when it succeeds. */
  attempts: Map<LimitName, Attempt>;
}

/**
 * A stage does its one job and calls `next` with what it adds to the context (tRPC's `next({ ctx })`), or throws a
 * CallError; it may act on the result on the way back. `In` is what it needs from the stages before it; the handler
 * gets the base context and everything the entry's stages added (`ContextOf` in context.ts).
 */
export type Stage<In extends BaseContext = BaseContext, Added extends object = object> = (
  call: Call,
  ctx: In,
  next: (added?: Added) => Promise<unknown>,
) => Promise<unknown>;

/** A stage whatever it needs and adds, as a chain holds it (the entry's composition decides which run). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a chain mixes stages of different context types
export type AnyStage = Stage<any, any>;
