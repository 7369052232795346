import type { Language } from '../../shared/i18n/languages';
import type * as z from 'zod';
import type { EventAuth, EventName, EventPayload, Events, LimitName } from '../../shared/protocol';
import type { AdminApiCallName, AdminApiCalls, AdminApiPayload } from '../../shared/protocol/admin-api';
import type { HttpCallName, HttpCallPayload, HttpCalls } from '../../shared/protocol/http-calls';
import type { AppCaller } from '../oidc/app-tokens';
import type { UserRow } from '../accounts/queries';
import type { CallOrigin } from '../auth/device';
import type { SessionInfo } from '../auth/sessions';
import type { Attempt } from '../limits/limiter';

/** The transport's side of a call: one per connection (a socket), or per request over HTTP. */
export interface Caller {
  /** Stable for the connection: the per-connection rate limit counts by it. */
  connectionId: string;
  /** The client's address, the first untrusted hop from the right (see TRUST_PROXY). */
  ip: string | null;
  userAgent: string | null;
  /** The trusted-device token the client carries (the `portal_device` cookie, or the desktop app's handshake). */
  deviceToken: string | null;
  /** The `portal_sso` cookie: the browser's binding to a company sign-in it started (sso/binding-cookie.ts). */
  ssoBinding?: string | null;
  /**
   * The token this connection carries: the one its handshake brought (a socket), or the request's bearer token (HTTP).
   * It is the only way a connection is signed in: a sign-in answers with a token, and the client opens a new
   * connection with it; no call changes the token of the connection it came on.
   */
  token(): string | null;
  /**
   * The account-type flag the connection was opened with (spec section 7); null when the client did not say (an
   * older app) or for HTTP calls. A session of the other kind is refused.
   */
  accountType?(): 'user' | 'onboarding' | null;
  /**
   * The connection's language (issue 26): its `ubs_lang` cookie, else its Accept-Language, as the handshake (or the
   * HTTP request) brought them; `setLanguage` changes it for the connection's later calls. Null when neither named one.
   */
  language?(): Language | null;
  /** Whether that language is the user's explicit choice (the `ubs_lang` cookie, `setLanguage`), not the browser's Accept-Language. */
  languageChosen?(): boolean;
  /** The picker's choice, for this connection's later calls (a socket; an HTTP call has no later calls). */
  setLanguage?(language: Language): void;
  /** The session this connection's calls were just resolved to: it is told, and closed, when that session ends. */
  joinSession?(sessionId: string): void;
  /** The connection is no longer told when its session ends (it is ending it itself: `endsSession` events). */
  leaveSession?(): void;
}

/** What every handler gets besides its parsed payload; the stages its entry composes add the rest. */
export interface BaseContext {
  ip: string | null;
  userAgent: string | null;
  /** Address and user agent together (and, at sign-in, what the login payload reports): what a session or an audit entry records. */
  origin: CallOrigin;
  /** The caller's trusted-device token, read by the sign-in flow to skip a second factor. */
  deviceToken: string | null;
  /** The browser's company sign-in binding (`portal_sso` cookie), which `ssoLogin` must match. */
  ssoBinding: string | null;
  /**
   * The connection's language (Caller.language): a sign-in writes it on the account when it is the user's choice or
   * the account has none yet, and a mail to someone without an account language (or without an account) is written in it.
   */
  language?: Language | null;
  /** Whether `language` is the user's explicit choice (Caller.languageChosen): only a choice replaces the account's. */
  languageChosen?: boolean;
  /** `setLanguage`: the connection's later calls are in this language (Caller.setLanguage). */
  setConnectionLanguage?(language: Language): void;
}

/** A resolved session and its account (the session stage, for `auth: 'user'`). */
export interface SignedIn {
  session: SessionInfo;
  user: UserRow;
}

/** No session (`maybeUser` without a token; `userOrLogin` with held login details, before they are checked). */
export interface Anonymous {
  session: null;
  user: null;
}

/** The first factor held login details proved: how a sign-in they finish is named in the audit log. */
export interface SigningIn {
  detail: string;
  method: string;
}

/**
 * The account, proven by a session or by held login details (the held-login stage, for `auth: 'userOrLogin'`): the
 * identifier and password checked like a sign-in, or a sign-in ticket; then `signingIn` says which first factor, for
 * the session a passed second factor opens.
 */
export interface SignedInOrHeld {
  user: UserRow;
  session: SessionInfo | null;
  /** True when held login details proved it (no session yet). */
  viaLoginDetails: boolean;
  signingIn?: SigningIn;
}

/** The app an admin API call comes from (the app stage, for `auth: 'app'`). */
export interface AppAuthenticated {
  app: AppCaller;
}

/**
 * What the limits stage adds for an entry that declares budgets: `spend` for its `account` budgets (the account a
 * handler finds in the domain: a login's identifier, the held login's), `settle` for any it declares.
 */
export interface Budgets<Spend extends LimitName = LimitName, Declared extends LimitName = LimitName> {
  /**
   * Spends an `account` budget the event declares, at the check it guards (a second factor, a code); throws the 429
   * when the budget is used up. Settled (the attempt given back per its rules) when the call succeeds.
   */
  spend(policy: Spend, accountId: string): Promise<Attempt>;
  /** Settles a budget spent before the handler once the check it guarded passed (the password, before a second factor). */
  settle(policy: Declared): Promise<void>;
}

/** What the stages of an entry's `auth` add to the context. */
export type AuthAdded<A extends EventAuth> = A extends 'user'
  ? SignedIn
  : A extends 'maybeUser'
    ? SignedIn | Anonymous
    : A extends 'userOrLogin'
      ? SignedInOrHeld
      : A extends 'app'
        ? AppAuthenticated
        : unknown;

type LimitsOf<T> = T extends { limits?: infer L } ? NonNullable<L> : never;
type DeclaredBudget<T> = keyof LimitsOf<T> & LimitName;
type AccountBudget<T> = { [K in DeclaredBudget<T>]: LimitsOf<T>[K] extends 'account' ? K : never }[DeclaredBudget<T>];

/** What the limits stage adds, for an entry that declares budgets (none otherwise: its handler cannot spend). */
export type BudgetsAdded<T> = [DeclaredBudget<T>] extends [never] ? unknown : Budgets<AccountBudget<T>, DeclaredBudget<T>>;

/**
 * A handler's context, from its contract entry: the base, what its auth's stage adds (`ctx.user` and `ctx.session`
 * for `auth: 'user'`, `ctx.app` for `auth: 'app'`…), and the budgets it may spend or settle.
 */
export type ContextOf<T extends { auth: EventAuth }> = BaseContext & AuthAdded<T['auth']> & BudgetsAdded<T>;

export type UserContext = BaseContext & SignedIn;
export type MaybeUserContext = BaseContext & (SignedIn | Anonymous);
/** The account, proven by a session or by held login details (identifier and password, checked like a sign-in). */
export type UserOrLoginContext = BaseContext & SignedInOrHeld;
/** An admin API call's context: the app (and its organization) its client-credentials token proved. */
export type AppContext = BaseContext & AppAuthenticated;

export type ContextFor<E extends EventName> = ContextOf<Events[E]>;

type ReplyInput<E extends EventName> = z.input<Events[E]['reply']>;

/** A handler, typed from the contract: its payload is already parsed, its reply is checked before it is sent. */
export type Handler<E extends EventName> = (payload: EventPayload<E>, ctx: ContextFor<E>) => Promise<ReplyInput<E>>;
export type HandlerMap = { [E in EventName]?: Handler<E> };

/** A handler of an HTTP call of `HTTP_CALLS`: the same pipeline, its payload `{query, body}` already parsed. */
export type HttpHandler<C extends HttpCallName> = (payload: HttpCallPayload<C>, ctx: ContextOf<HttpCalls[C]>) => Promise<z.input<HttpCalls[C]['reply']>>;
export type HttpHandlerMap = { [C in HttpCallName]?: HttpHandler<C> };

/** A handler of the admin API (`ADMIN_API_CALLS`): the same pipeline, its payload `{params, body}` already parsed. */
export type AdminApiHandler<C extends AdminApiCallName> = (payload: AdminApiPayload<C>, ctx: ContextOf<AdminApiCalls[C]>) => Promise<z.input<AdminApiCalls[C]['reply']>>;
export type AdminApiHandlerMap = { [C in AdminApiCallName]?: AdminApiHandler<C> };
