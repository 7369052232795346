import * as z from 'zod';
import type { PortalStep } from '../../../shared/protocol/errors';
import { HTTP_ROUTES } from '../../../shared/protocol/http';
import { AppInfoReplySchema, httpEnvelope, OAUTH2_CONSENT_PATH, OAUTH2_CONTINUE_PATH, OAuth2LoginReplySchema, type AppInfoReply, type OAuth2LoginBody, type OAuth2LoginReply } from '../../../shared/protocol/oauth2-schemas';

/** A refused HTTP call: the server's message (shown in the 'Oops...' dialog) and its code from the closed list. */
export class OAuth2Error extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** A step the user must take on the portal first (verify, set up the second factor, change the password). */
    readonly portalStep: PortalStep | null = null,
  ) {
    super(message);
    this.name = 'OAuth2Error';
  }
}

const UNREACHABLE = 'The portal could not be reached. Check your connection and try again.';
/** A link whose query the server refused (400 with the fields at fault): said plainly, never as the schema's words. */
export const INCOMPLETE_LINK = 'This sign-in link is not complete. Go back to the application and start again.';

const PORTAL_STEPS: readonly PortalStep[] = ['verify-email', 'set-up-second-factor', 'change-password'];
const portalStepOf = (data: unknown): PortalStep | null => {
  const step = (data as { portalStep?: unknown } | null)?.portalStep;
  return PORTAL_STEPS.find((known) => known === step) ?? null;
};

/** The fields a 400 names when its query or body did not parse (the pipeline's `data.fields`). */
const refusedFields = (data: unknown): string[] => {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [];
};

async function send<T extends z.ZodType>(path: string, query: URLSearchParams, schema: T, init: RequestInit = {}): Promise<z.output<T>> {
  let response: Response;
  try {
    response = await fetch(`${path}?${query.toString()}`, { ...init, credentials: 'same-origin', headers: { accept: 'application/json', ...init.headers } });
  } catch {
    throw new OAuth2Error(UNREACHABLE, 500);
  }
  const parsed = httpEnvelope(schema).safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new OAuth2Error(UNREACHABLE, 500);
  if (parsed.data.error !== null) {
    // The link's own query did not parse: the schema's sentence ("query.client_id: …") would name a field the person never typed.
    if (parsed.data.code === 400 && refusedFields((parsed.data as { data: unknown }).data).some((field) => field.startsWith('query'))) throw new OAuth2Error(INCOMPLETE_LINK, 400);
    throw new OAuth2Error(parsed.data.error, parsed.data.code, portalStepOf((parsed.data as { data: unknown }).data));
  }
  return (parsed.data as { data: unknown }).data as z.output<T>;
}

/** GET /oauth2/app-info with the screen's query passed through. */
export const fetchAppInfo = (query: URLSearchParams): Promise<AppInfoReply> => send(HTTP_ROUTES.oauth2AppInfo, query, AppInfoReplySchema);

/** POST /oauth2/login: the query names the sign-in (client_id, state, redirect_uri, identifier), the body carries the credentials. */
export const oauth2Login = (query: URLSearchParams, body: OAuth2LoginBody): Promise<OAuth2LoginReply> =>
  send(HTTP_ROUTES.oauth2Login, query, OAuth2LoginReplySchema, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** POST /oauth2/continue: "Continue as" with the portal session. */
export const oauth2Continue = (query: URLSearchParams, token: string): Promise<OAuth2LoginReply> =>
  send(OAUTH2_CONTINUE_PATH, query, OAuth2LoginReplySchema, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });

/** POST /oauth2/consent: Allow or Deny on the consent screen of a third-party app, with the portal session. */
export const oauth2Consent = (query: URLSearchParams, token: string, decision: 'allow' | 'deny'): Promise<OAuth2LoginReply> =>
  send(OAUTH2_CONSENT_PATH, query, OAuth2LoginReplySchema, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ decision }) });

/**
 * A link an app built by hand (spec 2: redirect_uri, client_id and code_challenge) has no authorization request yet:
 * it starts one at the provider's authorization endpoint, with the standard defaults filled in.
 */
export function authorizationStart(query: URLSearchParams): string {
  const start = new URLSearchParams(query);
  if (!start.has('response_type')) start.set('response_type', 'code');
  if (!start.has('scope')) start.set('scope', 'openid email profile');
  if (start.has('code_challenge') && !start.has('code_challenge_method')) start.set('code_challenge_method', 'S256');
  return `/oidc/auth?${start.toString()}`;
}
