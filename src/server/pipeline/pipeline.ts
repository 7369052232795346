import { CallError, ERROR_CODES, SUCCESS_CODE, type EventAuth, type EventName } from '../../shared/protocol';
import { EVENTS } from '../../shared/protocol/contract';
import { ADMIN_API_CALLS } from '../../shared/protocol/admin-api';
import { HTTP_CALLS } from '../../shared/protocol/http-calls';
import type { Events } from '../../shared/protocol';
import { isDatabaseUnavailable } from '../db/client';
import { describeError } from '../log';
import type { Services } from '../services';
import { measureWork, type Work } from '../work';
import type { AppTokenCheck } from '../oidc/app-tokens';
import type { AdminApiHandlerMap, Caller, Handler, HandlerMap, HttpHandlerMap } from './context';
import type { PayloadCodec } from './payload-codec';
import type { CallState, Stage } from './stage';
import { admissionStage } from './stages/admission';
import { appStage } from './stages/app';
import { connectionRateStage, FloodError } from './stages/connection-rate';
import { decodeStage } from './stages/decode';
import { heldLoginStage } from './stages/held-login';
import { budgetsOf, limitsStage } from './stages/limits';
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
  run(event: string, payload: unknown, caller: Caller): Promise<CallOutcome>;
}

/** Events whose check is a password hash (argon2): they pass the admission stage before spending anything. */
const HASHING_EVENTS: ReadonlySet<string> = new Set<EventName>([
  'login',
  'onboardingLogin',
  'onboardingSignUp',
  'onboardingResetPassword',
  'signUp',
  'registerAsMember',
  'resetPassword',
  'acceptClientInvitation',
  'hrms|myPassword|update',
  'hrms|master|MFA|read',
  'hrms|master|MFA|generateQRCode',
  'hrms|master|MFA|verify',
  'hrms|master|MFA|setup',
]);

/**
 * What a pipeline serves: the socket contract, or the HTTP calls (`HTTP_CALLS`, through `http/pipeline-route.ts`),
 * with the names among them whose check is a password hash.
 */
export interface PipelineCalls {
  events: Readonly<Record<string, Events[EventName]>>;
  hashing: ReadonlySet<string>;
  /** For calls with `auth: 'app'` (the admin API): how a bearer token is checked. */
  appTokens?: (token: string) => Promise<AppTokenCheck>;
}

const SOCKET_CALLS: PipelineCalls = { events: EVENTS, hashing: HASHING_EVENTS };

/** The HTTP calls of `HTTP_CALLS`: the same stages; oauth2Login checks a password like login. */
export const HTTP_PIPELINE_CALLS: PipelineCalls = { events: HTTP_CALLS as unknown as PipelineCalls['events'], hashing: new Set(['oauth2Login']) };

/** The admin API's calls (`ADMIN_API_CALLS`), whose tokens `appTokens` checks. */
export const adminApiPipelineCalls = (appTokens: PipelineCalls['appTokens']): PipelineCalls => ({
  events: ADMIN_API_CALLS as unknown as PipelineCalls['events'],
  hashing: new Set(),
  appTokens,
});

const NOT_AVAILABLE = 'This feature is not available yet.';
const UNKNOWN_EVENT = 'Unknown event.';
const CLASHED = 'This was changed by another request at the same moment. Reload and try again.';
const UNAVAILABLE = 'The service is unavailable for a moment. Please try again shortly.';
/** While the database is away, one log line per this many milliseconds, not one per call. */
const UNAVAILABLE_LOG_EVERY_MS = 5_000;

/** A unique-key violation (PostgreSQL and PGlite alike): two requests raced to create the same thing. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * The call path of the account server, the same for every transport: connection rate → decode → parse → session →
 * admission (hashing events) → limits → held login → reply check → handler, composed per event from what its contract entry declares (tRPC's
 * middleware in spirit). Adding an event means declaring it in src/shared/protocol/events.ts and writing its handler;
 * its protection comes with the declaration.
 */
export function createPipeline(services: Services, handlers: HandlerMap | HttpHandlerMap | AdminApiHandlerMap, codec: PayloadCodec | null, calls: PipelineCalls = SOCKET_CALLS): Pipeline {
  const { log } = services;
  const { events, hashing } = calls;
  const known = (name: string): name is EventName => Object.hasOwn(events, name);
  const connectionRate = connectionRateStage();
  const common = [connectionRate, decodeStage(codec), parseStage];
  const session = sessionStage(services.sessions);
  const limits = limitsStage(services.limiter);
  const heldLogin = heldLoginStage(services);
  const reply = replyStage(log);

  const chains = new Map<EventName, Stage[]>(
    (Object.keys(events) as EventName[]).map((event) => {
      const entry = events[event]!;
      const stages: Stage[] = [...common];
      if ((entry.auth as EventAuth) === 'app') {
        if (!calls.appTokens) throw new Error(`${event} needs an app token checker (auth: 'app')`);
        stages.push(appStage(calls.appTokens));
      } else if (entry.auth !== 'none') stages.push(session);
      if (hashing.has(event)) stages.push(admissionStage);
      if (entry.limits) stages.push(limits);
      if (entry.auth === 'userOrLogin') stages.push(heldLogin);
      stages.push(reply);
      return [event, stages];
    }),
  );

  const invoke = (call: CallState): Promise<unknown> => {
    const handler = (handlers as Record<string, Handler<EventName> | undefined>)[call.event];
    if (!handler) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_AVAILABLE);
    return handler(call.payload as never, call.ctx as never);
  };

  const runStages = (stages: Stage[], call: CallState, index = 0): Promise<unknown> =>
    index === stages.length ? Promise.resolve().then(() => invoke(call)) : stages[index]!(call, () => runStages(stages, call, index + 1));

  let unavailableLoggedAt = 0;
  const failure = (event: string, error: unknown): CallOutcome['reply'] => {
    if (error instanceof CallError) return { event, data: error.data, error: error.message, code: error.code };
    if (isUniqueViolation(error)) return { event, data: null, error: CLASHED, code: ERROR_CODES.CONFLICT };
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
    async run(name, payload, caller) {
      if (!known(name)) {
        // Unknown names still spend the connection's budget: a flood of them is a flood.
        const { work, result } = await measureWork(() =>
          connectionRate({ caller } as CallState, () => Promise.reject(new CallError(ERROR_CODES.NOT_FOUND, UNKNOWN_EVENT))),
        );
        const reason = result.status === 'rejected' ? result.reason : null;
        return { reply: failure(name.slice(0, 100), reason), work, flooded: reason instanceof FloodError };
      }
      const entry = events[name]!;
      const call: CallState = {
        event: name,
        entry,
        caller,
        raw: payload,
        payload: undefined,
        attempts: new Map(),
        ctx: {
          ip: caller.ip,
          userAgent: caller.userAgent,
          origin: { ip: caller.ip, userAgent: caller.userAgent, reported: null },
          deviceToken: caller.deviceToken,
          setToken: (token) => caller.setToken(token),
          spend: () => Promise.reject(),
          settle: async () => undefined,
        },
      };
      Object.assign(call.ctx, budgetsOf(call, services.limiter));
      const { work, wrote, result } = await measureWork(() => runStages(chains.get(name)!, call));
      // The caller's own changes are visible to their very next call, on this instance, before the reply goes out;
      // every other copy is forgotten when the database announces the change (account-cache.ts).
      const account = call.ctx.user?.id;
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
