import { CallError, ERROR_CODES, SUCCESS_CODE, type EventName } from '../../shared/protocol';
import { EVENTS } from '../../shared/protocol/contract';
import { ADMIN_API_CALLS } from '../../shared/protocol/admin-api';
import { HTTP_CALLS } from '../../shared/protocol/http-calls';
import { ServerBusy } from '../auth/hash-pool';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/client';
import { describeError } from '../log';
import type { Services } from '../services';
import { measureWork, type Work } from '../work';
import type { AppTokenCheck } from '../oidc/app-tokens';
import { knownDeviceOf } from '../sign-in/trusted-devices';
import { stagesOf, type StageName } from './compose';
import type { AdminApiHandlerMap, BaseContext, Caller, Handler, HandlerMap, HttpHandlerMap, SignedIn } from './context';
import type { PayloadCodec } from './payload-codec';
import type { AnyEntry, AnyStage, Call } from './stage';
import { admissionStage } from './stages/admission';
import { appStage } from './stages/app';
import { ConnectionRate, connectionRateStage, FloodError } from './stages/connection-rate';
import { decodeStage } from './stages/decode';
import { heldLoginStage } from './stages/held-login';
import { limitsStage } from './stages/limits';
import { parseStage } from './stages/parse';
import { replyStage } from './stages/reply';
import { sessionStage } from './stages/session';

/** What a call comes to, for the transport to send and log. */
export interface CallOutcome {
  reply: { event: string; data: unknown; error: string | null; code: number };
  work: Work;
  /** Refused by the per-connection rate limit: answered, but not logged one by one. */
  flooded: boolean;
}

export interface Pipeline {
  /** `counted`: the transport already counted the call against its connection's rate (`connectionRate.take`). */
  run(event: string, payload: unknown, caller: Caller, counted?: boolean): Promise<CallOutcome>;
  /** The per-connection call rate the first stage counts, for a transport that refuses a flood before the pipeline. */
  readonly connectionRate: ConnectionRate;
}

/**
 * What a pipeline serves: the socket contract, the HTTP calls (`HTTP_CALLS`, through `http/pipeline-route.ts`), or the
 * admin API's. Each entry's policy composes its stages (`stagesOf`).
 */
export interface PipelineCalls {
  events: Readonly<Record<string, AnyEntry>>;
  /** For calls with `auth: 'app'` (the admin API): how a bearer token is checked. */
  appTokens?: (token: string) => Promise<AppTokenCheck>;
}

const SOCKET_CALLS: PipelineCalls = { events: EVENTS };

/** The HTTP calls of `HTTP_CALLS`: the same stages. */
export const HTTP_PIPELINE_CALLS: PipelineCalls = { events: HTTP_CALLS };

/** The admin API's calls (`ADMIN_API_CALLS`), whose tokens `appTokens` checks. */
export const adminApiPipelineCalls = (appTokens: PipelineCalls['appTokens']): PipelineCalls => ({ events: ADMIN_API_CALLS, appTokens });

const NOT_AVAILABLE = 'This feature is not available yet.';
const UNKNOWN_EVENT = 'Unknown event.';
const CLASHED = 'This was changed by another request at the same moment. Reload and try again.';
const UNAVAILABLE = 'The service is unavailable for a moment. Please try again shortly.';
/** The wait a call refused for want of a database connection is told (its `retryAfter`). */
const POOL_BUSY_RETRY_SECONDS = 1;
/** While the database is away, one log line per this many milliseconds, not one per call. */
const UNAVAILABLE_LOG_EVERY_MS = 5_000;

/** A unique-key violation (PostgreSQL and PGlite alike): two requests raced to create the same thing. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * The call path of the account server, the same for every transport: connection rate → decode → parse → session (or
 * app) → admission → limits → held login → reply check → handler, composed per event from what its contract entry
 * declares (`stagesOf`), each stage adding to the context what it is for (tRPC's middleware in spirit). Adding an
 * event means declaring it in src/shared/protocol and writing its handler; its protection comes with the declaration.
 */
export function createPipeline(services: Services, handlers: HandlerMap | HttpHandlerMap | AdminApiHandlerMap, codec: PayloadCodec | null, calls: PipelineCalls = SOCKET_CALLS): Pipeline {
  const { log } = services;
  const { events } = calls;
  const known = (name: string) => Object.hasOwn(events, name);
  const rate = new ConnectionRate();
  const connectionRate = connectionRateStage(rate);
  const stages: Record<StageName, AnyStage> = {
    'connection rate': connectionRate,
    decode: decodeStage(codec),
    parse: parseStage,
    session: sessionStage(services.sessions),
    app: calls.appTokens
      ? appStage(calls.appTokens)
      : () => {
          throw new Error('app calls need an app token checker');
        },
    admission: admissionStage,
    limits: limitsStage(services.limiter, (identifier, token) => knownDeviceOf(services.db, identifier, token)),
    'held login': heldLoginStage(services),
    'reply check': replyStage(log),
  };
  const chains = new Map(
    Object.entries(events).map(([event, entry]) => {
      if (entry.auth === 'app' && !calls.appTokens) throw new Error(`${event} needs an app token checker (auth: 'app')`);
      return [event, stagesOf(event, entry).map((name) => stages[name])];
    }),
  );

  const invoke = (call: Call, ctx: BaseContext): Promise<unknown> => {
    const handler = (handlers as Record<string, Handler<EventName> | undefined>)[call.event];
    if (!handler) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_AVAILABLE);
    return handler(call.payload as never, ctx as never);
  };

  /** Runs the chain from `index`, each stage's additions merged into the context the next one gets; `reached` keeps the last. */
  const runStages = (chain: AnyStage[], call: Call, ctx: BaseContext, reached: { ctx: BaseContext }, index = 0): Promise<unknown> => {
    reached.ctx = ctx;
    if (index === chain.length) return Promise.resolve().then(() => invoke(call, ctx));
    return chain[index]!(call, ctx, (added?: object) => runStages(chain, call, added ? { ...ctx, ...added } : ctx, reached, index + 1));
  };

  let unavailableLoggedAt = 0;
  let busyLoggedAt = 0;
  const failure = (event: string, error: unknown): CallOutcome['reply'] => {
    if (error instanceof CallError) return { event, data: error.data, error: error.message, code: error.code };
    if (isUniqueViolation(error)) return { event, data: null, error: CLASHED, code: ERROR_CODES.CONFLICT };
    if (isPoolExhausted(error)) {
      // No connection free in time: the server is busy, as when its hash threads are (the admission stage's reply).
      if (Date.now() - busyLoggedAt >= UNAVAILABLE_LOG_EVERY_MS) {
        busyLoggedAt = Date.now();
        log.warn('database.pool-busy', { name: event });
      }
      const busy = new ServerBusy(POOL_BUSY_RETRY_SECONDS);
      return { event, data: busy.data, error: busy.message, code: busy.code };
    }
    if (isDatabaseUnavailable(error)) {
      if (Date.now() - unavailableLoggedAt >= UNAVAILABLE_LOG_EVERY_MS) {
        unavailableLoggedAt = Date.now();
        log.warn('database.unavailable', { name: event, ...describeError(error) });
      }
      return { event, data: null, error: UNAVAILABLE, code: ERROR_CODES.INTERNAL };
    }
    log.error('call.failed', { name: event, ...describeError(error) });
    return { event, data: null, error: 'Something went wrong', code: ERROR_CODES.INTERNAL };
  };

  return {
    connectionRate: rate,
    async run(name, payload, caller, counted = false) {
      if (!known(name)) {
        // Unknown names still spend the connection's budget: a flood of them is a flood.
        const { work, result } = await measureWork(() =>
          connectionRate({ caller, counted } as Call, {} as BaseContext, () => Promise.reject(new CallError(ERROR_CODES.NOT_FOUND, UNKNOWN_EVENT))),
        );
        const reason = result.status === 'rejected' ? result.reason : null;
        return { reply: failure(name.slice(0, 100), reason), work, flooded: reason instanceof FloodError };
      }
      const call: Call = { event: name, entry: events[name]!, caller, raw: payload, payload: undefined, counted, attempts: new Map() };
      const base: BaseContext = {
        ip: caller.ip,
        userAgent: caller.userAgent,
        origin: { ip: caller.ip, userAgent: caller.userAgent, reported: null },
        deviceToken: caller.deviceToken,
        ssoBinding: caller.ssoBinding ?? null,
        language: caller.language?.() ?? null,
        languageChosen: caller.languageChosen?.() ?? false,
        setConnectionLanguage: (language) => caller.setLanguage?.(language),
      };
      const reached = { ctx: base };
      const { work, wrote, result } = await measureWork(() => runStages(chains.get(name)!, call, base, reached), { event: name, hashes: call.entry.hashes === true });
      // The caller's own changes are visible to their very next call, on this instance, before the reply goes out;
      // every other copy is forgotten when the database announces the change (account-cache.ts).
      const account = (reached.ctx as Partial<SignedIn>).user?.id;
      if (account && (wrote.has('users') || wrote.has('memberships'))) {
        services.cache.forget('user', account);
        services.cache.forget('memberships', account);
      }
      if (wrote.has('organizations')) services.cache.onChange('organization:*');
      if (result.status === 'fulfilled') return { reply: { event: name, data: result.value, error: null, code: SUCCESS_CODE }, work, flooded: false };
      return { reply: failure(name, result.reason), work, flooded: result.reason instanceof FloodError };
    },
  };
}
