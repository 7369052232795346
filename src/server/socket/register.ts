import type { Server, Socket } from 'socket.io';
import * as z from 'zod';
import {
  CallError,
  ERROR_CODES,
  EVENT_NAMES,
  EVENTS,
  HandshakeAuthSchema,
  isEventName,
  RequestMetaSchema,
  RESPONSE_EVENT,
  SUCCESS_CODE,
  type ErrorData,
  type EventName,
  type EventPayload,
  type ResponseEnvelope,
} from '../../shared/protocol';
import { checkCredentials } from '../auth/credentials';
import type { SessionInfo } from '../auth/sessions';
import { TokenError } from '../auth/sessions';
import { describeError } from '../log';
import type { Services } from '../services';

/** What every handler gets besides its parsed payload. */
export interface CallContext {
  /** The caller's address (the first X-Forwarded-For hop when TRUST_PROXY is on). */
  ip: string | null;
  userAgent: string | null;
  /** The token this connection currently carries (from the handshake, or set by a sign-in on it). */
  token: string | null;
  /** Remembers the token on this connection, so later calls on it are signed in. */
  setToken(token: string | null): void;
}

/** Handlers of `user` events also get the resolved session. */
export interface AuthedContext extends CallContext {
  session: SessionInfo;
}

/** Handlers of `userOrLogin` events get the account, proven by a session or by held login details. */
export interface UserOrLoginContext extends CallContext {
  userId: string;
  /** True when the caller has no session yet and sent identifier and password instead. */
  viaLoginDetails: boolean;
}

type ReplyInput<E extends EventName> = z.input<(typeof EVENTS)[E]['reply']>;
type AuthOf<E extends EventName> = (typeof EVENTS)[E]['auth'];
type ContextFor<E extends EventName> = AuthOf<E> extends 'user' ? AuthedContext : AuthOf<E> extends 'userOrLogin' ? UserOrLoginContext : CallContext;

/** A handler, typed from the contract: its payload is already parsed, its reply is checked before it is sent. */
export type Handler<E extends EventName> = (payload: EventPayload<E>, ctx: ContextFor<E>) => Promise<ReplyInput<E>>;
export type HandlerMap = { [E in EventName]?: Handler<E> };

const NOT_AVAILABLE = 'This feature is not available yet.';
const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

interface SocketData {
  token: string | null;
  accountType: 'user' | 'onboarding';
}

function clientAddress(socket: Socket, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return socket.handshake.address || null;
}

function failure(event: string, error: CallError, rid: string | undefined): ResponseEnvelope {
  return { event, data: error.data, error: error.message, code: error.code, rid };
}

/**
 * Wires every event of the contract to its handler: the payload is parsed as unknown through the event's
 * schema (400 on failure), `user` events resolve the session once here (401 when it is missing, expired or
 * revoked), `userOrLogin` events take held login details (checked under the sign-in limits) or the session,
 * and every outcome, including events with no handler yet, answers on `response`.
 */
export function registerEvents(io: Server, services: Services, handlers: HandlerMap): void {
  const { log, sessions, config } = services;

  io.on('connection', (socket) => {
    const handshake = HandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    const data = socket.data as SocketData;
    data.token = handshake.success ? (handshake.data.token ?? null) : null;
    data.accountType = handshake.success ? handshake.data.accountType : 'user';
    const ip = clientAddress(socket, config.trustProxy);
    const userAgent = socket.handshake.headers['user-agent'] ?? null;

    const respond = (envelope: ResponseEnvelope, started: number) => {
      socket.emit(RESPONSE_EVENT, envelope);
      log.info('socket.call', { name: envelope.event, status: envelope.code, ms: Date.now() - started, ip });
    };

    const userSession = async (token: string): Promise<SessionInfo> => {
      let session: SessionInfo;
      try {
        session = await sessions.resolve(token);
      } catch (error) {
        if (error instanceof TokenError) throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
        throw error;
      }
      if (session.kind !== 'user') throw new CallError(ERROR_CODES.UNAUTHENTICATED, SIGN_IN_AGAIN);
      return session;
    };

    const dispatch = async <E extends EventName>(event: E, rawPayload: unknown, rid: string | undefined, started: number) => {
      const entry = EVENTS[event];
      const parsed = entry.payload.safeParse(rawPayload ?? {});
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')).filter(Boolean))];
        const message = parsed.error.issues[0]?.message ?? 'Invalid request.';
        throw new CallError(ERROR_CODES.BAD_REQUEST, fields.length > 0 ? `${fields[0]}: ${message}` : message, { fields } satisfies ErrorData);
      }
      const handler = handlers[event] as Handler<E> | undefined;
      if (!handler) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_AVAILABLE);

      const ctx: CallContext = {
        ip,
        userAgent,
        token: data.token,
        setToken: (token) => {
          data.token = token;
          data.accountType = 'user';
        },
      };
      if (entry.auth === 'user') {
        if (!data.token) throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Please sign in.');
        (ctx as AuthedContext).session = await userSession(data.token);
      } else if (entry.auth === 'userOrLogin') {
        const held = parsed.data as { identifier?: string; password?: string } | undefined;
        const target = ctx as UserOrLoginContext;
        if (held?.identifier !== undefined && held.password !== undefined) {
          // The password is checked like a sign-in, spending the same budget of guesses.
          target.userId = (await checkCredentials(services, held.identifier, held.password, ip)).id;
          target.viaLoginDetails = true;
        } else if (data.token) {
          target.userId = (await userSession(data.token)).userId;
          target.viaLoginDetails = false;
        } else {
          throw new CallError(ERROR_CODES.UNAUTHENTICATED, 'Please sign in.');
        }
      }

      const reply = entry.reply.safeParse(await handler(parsed.data as EventPayload<E>, ctx as ContextFor<E>));
      if (!reply.success) {
        log.error('socket.reply-invalid', { name: event, issues: reply.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
        throw new CallError(ERROR_CODES.INTERNAL, 'Something went wrong');
      }
      respond({ event, data: reply.data, error: null, code: SUCCESS_CODE, rid }, started);
    };

    for (const event of EVENT_NAMES) {
      socket.on(event, (payload: unknown, meta: unknown) => {
        const started = Date.now();
        const rid = RequestMetaSchema.safeParse(meta);
        const requestId = rid.success ? rid.data.rid : undefined;
        dispatch(event, payload, requestId, started).catch((error: unknown) => {
          if (error instanceof CallError) return respond(failure(event, error, requestId), started);
          log.error('socket.handler-failed', { name: event, ...describeError(error) });
          respond(failure(event, new CallError(ERROR_CODES.INTERNAL, 'Something went wrong'), requestId), started);
        });
      });
    }

    socket.onAny((event: unknown, _payload: unknown, meta: unknown) => {
      if (typeof event === 'string' && isEventName(event)) return;
      const rid = RequestMetaSchema.safeParse(meta);
      const name = typeof event === 'string' ? event.slice(0, 100) : 'unknown';
      respond(failure(name, new CallError(ERROR_CODES.NOT_FOUND, 'Unknown event.'), rid.success ? rid.data.rid : undefined), Date.now());
    });
  });
}
