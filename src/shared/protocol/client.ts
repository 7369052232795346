import { CallError, ERROR_CODES } from './errors';
import { schemaFailure } from './schema-failure';
import { RequestMetaSchema, ResponseEnvelopeSchema, RESPONSE_EVENT, SUCCESS_CODE } from './envelope';
import type * as z from 'zod';
import { PORTAL_EVENTS, type EventName, type EventPayloadInput, type EventReply } from './events';

/** The part of a socket.io client the caller needs; a test can pass any object of this shape. */
export interface SocketLike {
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

export type Call = <E extends EventName>(event: E, payload: EventPayloadInput<E>) => Promise<EventReply<E>>;

/** The entries a caller checks payloads and replies with, by event name. */
export type CallerContract = { readonly [E in EventName]?: { payload: z.ZodType; reply: z.ZodType } };

export interface CallerOptions {
  /**
   * The entries it knows, read at every call: `PORTAL_EVENTS` by default. The renderer passes an object it extends
   * when the security center loads (so /login does not carry those schemas); the server's tests pass the whole
   * contract. An event it does not know is refused before anything is sent.
   */
  contract?: CallerContract;
  /** How long to wait for a reply before failing with code 500. */
  timeoutMs?: number;
  /** Makes request ids; defaults to a counter. */
  nextId?: () => string;
}

const NO_REPLY = 'The server did not answer in time. Check your connection and try again.';

/**
 * The typed `call(event, payload)` of the renderer, derived from the one event map: the payload is checked
 * before it leaves (code 400 without a round trip), the reply is matched by request id and checked against
 * the event's reply schema, and every failure arrives as a CallError with a code from the closed list.
 */
export function createCaller(socket: SocketLike, options: CallerOptions = {}): { call: Call; dispose: () => void } {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const contract: CallerContract = options.contract ?? PORTAL_EVENTS;
  let counter = 0;
  const nextId = options.nextId ?? (() => `r${++counter}`);
  const pending = new Map<string, { event: EventName; resolve: (value: unknown) => void; reject: (error: CallError) => void; timer: ReturnType<typeof setTimeout> }>();

  const onResponse = (raw: unknown) => {
    const parsed = ResponseEnvelopeSchema.safeParse(raw);
    if (!parsed.success || parsed.data.rid === undefined) return;
    const envelope = parsed.data;
    const waiter = pending.get(envelope.rid!);
    if (!waiter || waiter.event !== envelope.event) return;
    pending.delete(envelope.rid!);
    clearTimeout(waiter.timer);
    if (envelope.code !== SUCCESS_CODE) {
      waiter.reject(new CallError(envelope.code, envelope.error, envelope.data));
      return;
    }
    const reply = contract[waiter.event]!.reply.safeParse(envelope.data);
    if (reply.success) waiter.resolve(reply.data);
    else waiter.reject(new CallError(ERROR_CODES.INTERNAL, 'The server sent a reply this app does not understand.'));
  };
  socket.on(RESPONSE_EVENT, onResponse);

  const call: Call = (event, payload) => {
    const entry = contract[event];
    // An event of an area not loaded yet: a fault of the app, not of the user.
    if (!entry) return Promise.reject(new CallError(ERROR_CODES.INTERNAL, `Unknown event ${event}`));
    const checked = entry.payload.safeParse(payload);
    if (!checked.success) {
      const { message, fields } = schemaFailure(checked.error.issues);
      return Promise.reject(new CallError(ERROR_CODES.BAD_REQUEST, message, { fields }));
    }
    const rid = RequestMetaSchema.parse({ rid: nextId() }).rid;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(rid);
        reject(new CallError(ERROR_CODES.INTERNAL, NO_REPLY));
      }, timeoutMs);
      pending.set(rid, { event, resolve: resolve as (value: unknown) => void, reject, timer });
      socket.emit(event, checked.data ?? {}, { rid });
    });
  };

  const dispose = () => {
    socket.off(RESPONSE_EVENT, onResponse);
    for (const [rid, waiter] of pending) {
      clearTimeout(waiter.timer);
      waiter.reject(new CallError(ERROR_CODES.INTERNAL, NO_REPLY));
      pending.delete(rid);
    }
  };

  return { call, dispose };
}
