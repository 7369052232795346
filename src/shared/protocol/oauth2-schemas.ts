import * as z from 'zod';
import { OtpSchema } from '../validation/fields';
import { ErrorCodeSchema } from './envelope';
import { PlatformSchema } from './schemas';

// The HTTP calls of third-party sign-in (spec 7; paths in `http.ts`'s HTTP_ROUTES). Kept apart from `index.ts` so
// the /login bundle does not carry them: the Authorize screen and the server import this file.

/** Every HTTP reply is `{data, error, code}`, like the socket envelope without the event name. */
export const httpEnvelope = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('code', [
    z.object({ data, error: z.null(), code: z.literal(200) }),
    z.object({ data: z.unknown(), error: z.string(), code: ErrorCodeSchema }),
  ]);

/** POST: "Continue as {email}" (the portal's own call, beside spec 7's): finishes an authorize link with the portal session (Authorization: Bearer). */
export const OAUTH2_CONTINUE_PATH = '/oauth2/continue';

/** POST: the consent screen's answer (Allow or Deny) for a third-party app, with the portal session (Authorization: Bearer). */
export const OAUTH2_CONSENT_PATH = '/oauth2/consent';

/** What each scope lets an app know, in the consent screen's and the security center's plain words. */
export const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are, and which organization you use it for',
  email: 'See your email address',
  profile: 'See your name',
  offline_access: 'Stay signed in when you are not using it',
};

/** A scope in plain words (an unknown one by its name). */
export const scopeInWords = (scope: string): string => SCOPE_WORDS[scope] ?? scope;

/** The interaction id oidc-provider gives the Authorize screen (`uid` in its query). */
export const InteractionUidSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'This sign-in link is not valid.');

/**
 * POST /oauth2/login query string: what the Authorize screen was opened with. `uid` names the authorization request
 * in progress; client_id and redirect_uri must be the ones it was started with. Other parameters are ignored.
 */
export const OAuth2LoginQuerySchema = z.object({
  uid: InteractionUidSchema,
  client_id: z.string().min(1).max(200),
  state: z.string().max(1000).optional(),
  redirect_uri: z.string().url().max(2000),
  identifier: z.string().max(254).optional(),
  /**
   * The organization the app is opened for (spec 2, Authorize), as the screen forwards it. Ignored: the server reads
   * the one of the app's own authorization request, which this call cannot change.
   */
  orgId: z.string().max(64).optional(),
});
export type OAuth2LoginQuery = z.infer<typeof OAuth2LoginQuerySchema>;

/** POST /oauth2/login body: the identifier travels as `email`. A repeat without `otp` mails a fresh code. */
export const OAuth2LoginBodySchema = z.strictObject({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  platform: PlatformSchema,
  otp: OtpSchema.optional(),
  /** With `otp`: "Don't ask again on this device for 30 days", as on the portal's code screen. */
  rememberDevice: z.boolean().optional(),
});
export type OAuth2LoginBody = z.infer<typeof OAuth2LoginBodySchema>;

/**
 * POST /oauth2/login (and /oauth2/continue, /oauth2/consent) reply data: a second factor is needed; or the app asks
 * for the user's consent first (`consent`: the scopes); or where the browser goes next (it ends at the client's
 * redirect_uri with code and state, or with error=access_denied). A password sign-in also opens the portal session:
 * `token` (and `email`), which the screen keeps as the portal's own sign-in does; `deviceGrant` when the code was
 * passed with `rememberDevice` and the user's companies allow it (redeemed at POST /device-trust, as the portal does).
 */
export const OAuth2LoginReplySchema = z.object({
  isMultiFactorAuth: z.boolean().optional(),
  /** With `isMultiFactorAuth`: the screen may offer "Don't ask again on this device for 30 days". */
  mayTrustDevice: z.boolean().optional(),
  deviceGrant: z.string().optional(),
  redirect_uri: z.string().optional(),
  consent: z.object({ scopes: z.array(z.string()) }).optional(),
  token: z.string().optional(),
  email: z.string().optional(),
});
export type OAuth2LoginReply = z.infer<typeof OAuth2LoginReplySchema>;

/** POST /oauth2/consent body: the user's answer on the consent screen. */
export const OAuth2ConsentBodySchema = z.strictObject({ decision: z.enum(['allow', 'deny']) });
export type OAuth2ConsentBody = z.infer<typeof OAuth2ConsentBodySchema>;

/** GET /oauth2/app-info query: the Authorize screen's query passed through; client_id names the app. */
export const AppInfoQuerySchema = z.object({
  client_id: z.string().min(1).max(200),
  uid: InteractionUidSchema.optional(),
});

/** GET /oauth2/app-info reply data. */
export const AppInfoReplySchema = z.object({ client_name: z.string(), client_logo: z.string().nullable() });
export type AppInfoReply = z.infer<typeof AppInfoReplySchema>;
