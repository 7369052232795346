import * as z from 'zod';
import { ImageUploadReplySchema } from './admin-schemas';
import { KIT_MESSAGES } from '../validation/kit-messages';
import { entry } from './events';
import { DeviceTrustBodySchema, DeviceTrustReplySchema } from './trusted-device-schemas';
import { AppInfoQuerySchema, AppInfoReplySchema, OAuth2ConsentBodySchema, OAuth2LoginBodySchema, OAuth2LoginQuerySchema, OAuth2LoginReplySchema } from './oauth2-schemas';

/**
 * The HTTP calls that run through the server's call pipeline (the same stages, budgets and equal-work rules as the
 * socket events), declared like socket events: policy, payload (`query` and `body` of the request), reply. They are
 * reachable over HTTP only. The renderer imports only the schemas (`oauth2-schemas.ts`).
 */
export const HTTP_CALLS = {
  /** POST /oauth2/login: third-party sign-in; spends the same `password` budget as `login` for the same identifier. */
  oauth2Login: entry(
    { auth: 'none', hashes: true, limits: { password: (p) => p.body.email, secondFactor: 'account', codeMail: 'account' } },
    z.object({ query: OAuth2LoginQuerySchema, body: OAuth2LoginBodySchema }),
    OAuth2LoginReplySchema,
  ),
  /** POST /oauth2/continue: "Continue as {email}" with the portal session of the Authorization header. */
  oauth2Continue: entry({ auth: 'user' }, z.object({ query: OAuth2LoginQuerySchema, body: z.strictObject({}).optional() }), OAuth2LoginReplySchema),
  /** POST /oauth2/consent: Allow or Deny on the consent screen of a third-party app, with the portal session. */
  oauth2Consent: entry({ auth: 'user' }, z.object({ query: OAuth2LoginQuerySchema, body: OAuth2ConsentBodySchema }), OAuth2LoginReplySchema),
  /** GET /oauth2/app-info: the app's name and logo for the Authorize screen. */
  oauth2AppInfo: entry({ auth: 'none' }, z.object({ query: AppInfoQuerySchema }), AppInfoReplySchema),
  /** POST /uploads/images: an admin uploads a logo (the body is the file's bytes), spending their `imageUpload` budget. */
  uploadImage: entry({ auth: 'user', limits: { imageUpload: 'caller' } }, z.object({ query: z.object({}), body: z.instanceof(Uint8Array, { error: KIT_MESSAGES.unsupportedFile }) }), ImageUploadReplySchema),
  /**
   * POST /device-trust: redeem the one-time `deviceGrant` of a sign-in's reply; sets the `portal_device` cookie (a
   * desktop app gets the token in the reply instead). Looks a grant up, so it spends the address's `linkCode` budget.
   */
  deviceTrust: entry({ auth: 'none', limits: { linkCode: 'address' } }, z.object({ query: z.object({}), body: DeviceTrustBodySchema }), DeviceTrustReplySchema),
};

export type HttpCalls = typeof HTTP_CALLS;
export type HttpCallName = keyof HttpCalls;
export type HttpCallPayload<C extends HttpCallName> = z.output<HttpCalls[C]['payload']>;
