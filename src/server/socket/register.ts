import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';
import { ERROR_CODES, HandshakeAuthSchema, RequestMetaSchema, RESPONSE_EVENT, SESSION_ENDED_EVENT, type ResponseEnvelope } from '../../shared/protocol';
import { MESSAGES } from '../../shared/validation/messages';
import type { AccountCache } from '../accounts/account-cache';
import { clientAddress, type TrustFunction } from '../http/client-address';
import { ServerBusy } from '../auth/hash-pool';
import { ADDRESS_IN_FLIGHT, ADDRESS_RUNNING, CONNECTION_RATE } from '../limits/policies';
import { AddressTurns } from './address-turns';
import { describeError, type Logger } from '../log';
import type { Caller } from '../pipeline/context';
import type { Metrics } from '../metrics';
import type { Pipeline } from '../pipeline/pipeline';
import type { Flooding } from '../pipeline/stages/connection-rate';
import { deviceTokenOfCookie } from '../sign-in/trusted-devices';
import { ssoBindingOfCookie } from '../sso/binding-cookie';
import { SIGN_IN_AGAIN } from '../pipeline/stages/session';
import { connectionLanguage, type RequestLanguage } from '../i18n/request-language';
import type { Language } from '../../shared/i18n/languages';

interface SocketData {
  token: string | null;
  /** The handshake's account-type flag; a sign-in on the connection makes it a regular account's. */
  accountType: 'user' | 'onboarding' | null;
  sessionId: string | null;
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What a connection keeps of the HTTP request that opened it (see `registerSocketCalls`). */
interface Origin {
  ip: string | null;
  userAgent: string | null;
  /** The `portal_device` cookie of the handshake request (a browser's trusted device). */
  deviceToken: string | null;
  /** The `portal_sso` cookie: the company sign-in this browser started. */
  ssoBinding: string | null;
  /** The `ubs_lang` cookie (chosen), else Accept-Language (request-language.ts): the connection's language until `setLanguage`. */
  language: RequestLanguage<Language> | null;
}

/** engine.io's connection as far as this file touches it: the request it keeps for its whole life unless let go. */
interface EngineConnection {
  request: IncomingMessage | null;
}

/** How often one connection's refused flood is summed up in the log, instead of a line per refused call. */
const FLOOD_LOG_EVERY_MS = 10_000;

/**
 * The socket.io transport of the call pipeline: the handshake token, the client address (through TRUST_PROXY), and
 * for every event, known or not, one `response` envelope carrying the request id. Everything else is the pipeline's.
 */
/** What the server's shutdown needs of the socket transport. */
export interface SocketCalls {
  /** From now on, calls are answered "restarting" at once; the client reconnects elsewhere or retries. */
  stopAccepting(): void;
  /** Resolves when every call already running has answered. */
  settled(): Promise<void>;
}

const RESTARTING = 'The server is restarting. Please try again in a moment.';

export function registerSocketCalls(io: Server, pipeline: Pipeline, options: { log: Logger; trustProxy: TrustFunction; cache: AccountCache; metrics: Metrics }): SocketCalls {
  const { log, trustProxy, cache, metrics } = options;
  let accepting = true;
  const running = new Set<Promise<void>>();
  /** Calls running per client address, over all its connections (ADDRESS_IN_FLIGHT). */
  const inFlight = new Map<string, number>();
  const busy = new ServerBusy(1);
  /** Of those, ADDRESS_RUNNING run at once; the others wait their turn. */
  const turns = new AddressTurns(ADDRESS_RUNNING);

  // A session ended somewhere (this instance or another: the database announces it): its connections here are told,
  // then closed, so a desktop app or a forgotten tab signs out at once rather than at its next call.
  cache.onSessionEnded((sessionId) => {
    const room = io.local.in(sessionRoom(sessionId));
    room.emit(SESSION_ENDED_EVENT, { message: SIGN_IN_AGAIN });
    room.disconnectSockets(true);
  });

  // engine.io keeps the HTTP request that opened a connection (its headers, raw headers, URL, query, stream state) for
  // as long as the connection lives, from two places: the connection's `request`, and for a WebSocket the stand-in
  // response it gives middlewares, which a listener on the TCP socket holds. The portal needs only the client's
  // address and user agent, so it takes those and lets the request go (socket.io's "Memory usage" advice; the
  // stand-in's `req` is read only by middlewares, and this is the only one). The listener below runs before
  // socket.io's own, so the handshake socket.io builds afterwards has no headers: read the origin, not the handshake.
  io.engine.use((_request: IncomingMessage, response: ServerResponse | { req: IncomingMessage | null }, next: () => void) => {
    if (!(response instanceof ServerResponse)) response.req = null;
    next();
  });
  const origins = new WeakMap<object, Origin>();
  io.engine.prependListener('connection', (connection: EngineConnection) => {
    const request = connection.request;
    if (!request) return;
    origins.set(connection, {
      ip: clientAddress(request, trustProxy),
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      deviceToken: deviceTokenOfCookie(request.headers.cookie),
      ssoBinding: ssoBindingOfCookie(request.headers.cookie),
      language: connectionLanguage(request.headers.cookie, request.headers['accept-language']),
    });
    connection.request = null;
  });

  io.on('connection', (socket) => {
    const handshake = HandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    const data = socket.data as SocketData;
    data.token = handshake.success ? (handshake.data.token ?? null) : null;
    data.accountType = handshake.success ? (handshake.data.accountType ?? null) : null;
    data.sessionId = null;
    const { ip, userAgent, deviceToken, ssoBinding, language: handshakeLanguage } = origins.get(socket.conn) ?? { ip: null, userAgent: null, deviceToken: null, ssoBinding: null, language: null };
    let language = handshakeLanguage?.language ?? null;
    let languageChosen = handshakeLanguage?.chosen ?? false;
    const caller: Caller = {
      connectionId: socket.id,
      ip,
      userAgent,
      // A browser's cookie, else what a desktop app keeps in its keychain and sends in the handshake.
      deviceToken: deviceToken ?? (handshake.success ? (handshake.data.deviceToken ?? null) : null),
      ssoBinding,
      token: () => data.token,
      language: () => language,
      languageChosen: () => languageChosen,
      setLanguage: (chosen) => {
        language = chosen;
        languageChosen = true;
      },
      accountType: () => data.accountType,
      joinSession: (sessionId) => {
        if (data.sessionId === sessionId) return;
        if (data.sessionId) void socket.leave(sessionRoom(data.sessionId));
        data.sessionId = sessionId;
        void socket.join(sessionRoom(sessionId));
      },
      leaveSession: () => {
        if (data.sessionId) void socket.leave(sessionRoom(data.sessionId));
        data.sessionId = null;
      },
    };
    let flooded = 0;
    let floodLoggedAt = 0;

    socket.on('disconnect', () => pipeline.connectionRate.forget(socket.id));

    /** Past its connection's rate: answered 429 at once without the pipeline, and closed past the second threshold. */
    const refuseFlood = (flooding: Flooding, event: unknown, meta: unknown) => {
      flooded += 1;
      if (flooding.refused > CONNECTION_RATE.disconnectAfter) {
        log.warn('socket.flooding', { ip, refused: flooded, disconnected: true });
        socket.disconnect(true);
        return;
      }
      if (Date.now() - floodLoggedAt >= FLOOD_LOG_EVERY_MS) {
        log.warn('socket.flooding', { ip, refused: flooded });
        floodLoggedAt = Date.now();
        flooded = 0;
      }
      const rid = RequestMetaSchema.safeParse(meta);
      const name = (typeof event === 'string' ? event : 'unknown').slice(0, 100);
      socket.emit(RESPONSE_EVENT, { event: name, data: { retryAfter: flooding.retryAfter }, error: MESSAGES.tooManyAttempts(flooding.retryAfter), code: ERROR_CODES.TOO_MANY_ATTEMPTS, rid: rid.success ? rid.data.rid : undefined });
      metrics.observeCall(name, ERROR_CODES.TOO_MANY_ATTEMPTS, 0);
    };

    socket.onAny((event: unknown, payload: unknown, meta: unknown) => {
      // First, before anything of the call is looked at: one map lookup per call (pipeline/stages/connection-rate.ts).
      if (!socket.connected) return;
      const flooding = pipeline.connectionRate.take(socket.id);
      if (flooding) {
        refuseFlood(flooding, event, meta);
        return;
      }
      const started = performance.now();
      const rid = RequestMetaSchema.safeParse(meta);
      const name = typeof event === 'string' ? event : 'unknown';
      if (!accepting) {
        socket.emit(RESPONSE_EVENT, { event: name.slice(0, 100), data: null, error: RESTARTING, code: 500, rid: rid.success ? rid.data.rid : undefined });
        return;
      }
      const address = ip ?? 'unknown';
      const already = inFlight.get(address) ?? 0;
      if (already >= ADDRESS_IN_FLIGHT) {
        socket.emit(RESPONSE_EVENT, { event: name.slice(0, 100), data: busy.data, error: busy.message, code: busy.code, rid: rid.success ? rid.data.rid : undefined });
        metrics.observeCall(name.slice(0, 100), busy.code, 0);
        return;
      }
      inFlight.set(address, already + 1);
      // A call whose connection closed while it waited its turn is not run.
      const call = turns.run(address, async () => (socket.connected ? pipeline.run(name, payload, caller, true) : null)).then((result) => {
        if (!result || !socket.connected) return;
        const { reply, work } = result;
        socket.emit(RESPONSE_EVENT, { ...reply, rid: rid.success ? rid.data.rid : undefined } as ResponseEnvelope);
        const ms = performance.now() - started;
        metrics.observeCall(reply.event, reply.code, ms);
        log.info('socket.call', { name: reply.event, status: reply.code, ms: Math.round(ms * 10) / 10, ip, work });
      }, (error: unknown) => log.error('socket.reply-failed', { name, ...describeError(error) }));
      running.add(call);
      void call.finally(() => {
        running.delete(call);
        const left = (inFlight.get(address) ?? 1) - 1;
        if (left > 0) inFlight.set(address, left);
        else inFlight.delete(address);
      });
    });
  });

  return {
    stopAccepting: () => {
      accepting = false;
    },
    settled: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
