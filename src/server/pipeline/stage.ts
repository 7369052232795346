import type { EventName, Events, LimitName } from '../../shared/protocol';
import type { Attempt } from '../limits/limiter';
import type { UserRow } from '../accounts/queries';
import type { SessionInfo } from '../auth/sessions';
import type { AppCaller } from '../oidc/app-tokens';
import type { BaseContext, Caller, SigningIn } from './context';

/** One call on its way through the stages; each stage fills in what it is for. */
export interface CallState {
  event: EventName;
  entry: Events[EventName];
  caller: Caller;
  /** The payload as received, then as decoded (decode stage). */
  raw: unknown;
  /** The payload as the contract parsed it (parse stage). */
  payload: unknown;
  /** What the handler gets: filled by the session, held-login and app stages. */
  ctx: BaseContext & { session?: SessionInfo | null; user?: UserRow | null; viaLoginDetails?: boolean; signingIn?: SigningIn; app?: AppCaller };
  /** Budgets spent by this call, settled when it succeeds. */
  attempts: Map<LimitName, Attempt>;
}

/** A stage does its one job and calls `next` (or throws a CallError); it may act on the result on the way back. */
export type Stage = (call: CallState, next: () => Promise<unknown>) => Promise<unknown>;
