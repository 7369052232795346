import * as z from 'zod';
import { entry, LoginDetailsSchema, none } from './events';
import { LoginReplySchema, PlatformSchema, SuccessSchema } from './schemas';
import {
  AuthenticationResponseSchema,
  CeremonyReplySchema,
  DesktopPasskeyCodeSchema,
  PasskeyNameSchema,
  PasskeySummarySchema,
  PkceChallengeSchema,
  PkceVerifierSchema,
  RegistrationResponseSchema,
} from './passkey-schemas';
import { IdSchema } from './security-schemas';

/**
 * The passkeys of one's own account (/account/passkeys, issue 23): every event needs a session and acts on the
 * caller's own passkeys. Loaded with the security center, like `SECURITY_EVENTS` (`contract.ts` joins them for the
 * server). Adding and removing spend the `passkeyChange` budget: each mails the owner.
 */
export const PASSKEY_EVENTS = {
  /** Options for the browser's `startRegistration`: a fresh challenge (5 minutes, once, for this session), the user's passkeys excluded. */
  getPasskeyRegistrationOptions: entry({ auth: 'user' }, none, CeremonyReplySchema),
  /** Verify the browser's new credential against the challenge and keep it under the name given; mails the owner. */
  registerPasskey: entry(
    { auth: 'user', limits: { passkeyChange: 'caller' } },
    z.object({ challengeId: IdSchema, name: PasskeyNameSchema, response: RegistrationResponseSchema }),
    z.object({ passkey: PasskeySummarySchema }),
  ),
  /** The signed-in user's passkeys, newest first. */
  getPasskeyList: entry({ auth: 'user' }, none, z.object({ list: z.array(PasskeySummarySchema) })),
  /** Give one's own passkey another name. */
  renamePasskey: entry({ auth: 'user' }, z.object({ passkeyId: IdSchema, name: PasskeyNameSchema }), z.object({ passkey: PasskeySummarySchema })),
  /** Remove one's own passkey: it signs in no more; mails the owner. */
  removePasskey: entry({ auth: 'user', limits: { passkeyChange: 'caller' } }, z.object({ passkeyId: IdSchema }), SuccessSchema),
} as const;

/**
 * Signing in with a passkey (issue 23 §2), before there is a session. Apart from `PORTAL_EVENTS` so that /login's first
 * paint does not carry them: the sign-in screen adds them with @simplewebauthn/browser when it offers passkeys.
 */
export const PASSKEY_SIGN_IN_EVENTS = {
  /**
   * Options for the browser's `startAuthentication` as a first factor: no credential named (the browser offers the
   * portal's passkeys it holds, in the sign-in field's autofill or its own dialog); a fresh challenge, 5 minutes, once.
   */
  getPasskeySignInOptions: entry({ auth: 'none', limits: { passkeyOptions: 'address' } }, none, CeremonyReplySchema),
  /**
   * Sign in with the browser's assertion for that challenge. The account goes through the sign-in's required steps:
   * a passkey with user verification is both factors; without it the second factor follows (with a sign-in ticket).
   * A refused assertion gets one sentence, the same whatever was wrong.
   */
  passkeyLogin: entry(
    { auth: 'none', limits: { passkeySignIn: 'address', secondFactor: 'account', codeMail: 'account' } },
    z.object({
      challengeId: IdSchema,
      response: AuthenticationResponseSchema,
      platform: PlatformSchema.optional(),
      appVersion: z.string().trim().max(64).optional(),
    }),
    LoginReplySchema,
  ),
  /**
   * A desktop app's passkey sign-in, its system-browser half (RFC 8252): the page on the portal's origin checks the
   * assertion like `passkeyLogin` but opens no session; it gets a single-use code (2 minutes) bound to the app's PKCE
   * challenge, for the app's loopback listener. A refused assertion gets `passkeyLogin`'s one sentence.
   */
  passkeyDesktopCode: entry(
    { auth: 'none', limits: { passkeySignIn: 'address' } },
    z.object({ challengeId: IdSchema, response: AuthenticationResponseSchema, codeChallenge: PkceChallengeSchema }),
    z.object({ code: DesktopPasskeyCodeSchema }),
  ),
  /**
   * The app's half: the code its loopback listener received and its PKCE verifier, on the app's own connection. The
   * code is spent by the first redemption (a wrong verifier spends it too); the account goes through the sign-in's
   * required steps as after `passkeyLogin`. A code that cannot be redeemed gets one sentence, whatever was wrong.
   */
  passkeyDesktopLogin: entry(
    { auth: 'none', limits: { passkeySignIn: 'address', secondFactor: 'account', codeMail: 'account' } },
    z.object({
      code: DesktopPasskeyCodeSchema,
      codeVerifier: PkceVerifierSchema,
      platform: PlatformSchema.optional(),
      appVersion: z.string().trim().max(64).optional(),
    }),
    LoginReplySchema,
  ),
} as const;

/** The `password` budget of held login details (as the multi-factor events spend it); a ticket spends none. */
const heldIdentifier = (payload: { identifier?: string; password?: string } | undefined) =>
  payload?.identifier !== undefined && payload.password !== undefined ? payload.identifier : undefined;

/**
 * A passkey as the second factor on /multi-factor-authenticate, beside the code: with the held login details (the
 * password, or the ticket of a first factor that cannot be sent again), like the code itself.
 */
export const PASSKEY_SECOND_FACTOR_EVENTS = {
  /** Options naming the account's own passkeys (a fresh challenge, 5 minutes, once); `ceremony` is null without any. */
  getPasskeySecondFactorOptions: entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier } },
    LoginDetailsSchema.strict(),
    z.object({ ceremony: CeremonyReplySchema.nullable() }),
  ),
  /** Pass the second factor with one of the account's passkeys: the sign-in goes on (a session, or the step after). */
  passkeySecondFactor: entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier, secondFactor: 'account' } },
    z
      .object({
        ...LoginDetailsSchema.shape,
        challengeId: IdSchema,
        response: AuthenticationResponseSchema,
        platform: PlatformSchema.optional(),
        appVersion: z.string().trim().max(64).optional(),
      })
      .strict(),
    LoginReplySchema,
  ),
} as const;
