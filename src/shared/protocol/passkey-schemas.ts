import * as z from 'zod';
import { IdSchema, instant } from './security-schemas';

/**
 * Passkeys (WebAuthn) in the contract: what the browser's ceremonies send (@simplewebauthn/browser's
 * RegistrationResponseJSON and AuthenticationResponseJSON, checked field by field), and a passkey as the security
 * center lists it. Imported by path, like the security center's schemas, so /login does not carry it.
 */

/** Binary values of WebAuthn as the browser sends them: base64url without padding. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url.');

/** A credential id: at most 1023 bytes (WebAuthn Level 3), 1364 characters in base64url. */
export const CredentialIdSchema = base64url(1364);

/** What the browser's extensions reported (credProps and the like): only looked at by the library, never stored. */
const ExtensionResultsSchema = z.record(z.string().max(64), z.unknown());

/** What `startRegistration` returns: the new credential and its attestation (the portal asks for 'none'). */
export const RegistrationResponseSchema = z.object({
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(16_384).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});

/** What `startAuthentication` returns: an assertion signed by the credential. */
export const AuthenticationResponseSchema = z.object({
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(16_384),
    signature: base64url(4096),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResultsSchema,
});

/**
 * Options for `startRegistration` or `startAuthentication`, as @simplewebauthn/server made them: handed to the
 * browser as they are, so only their shape is checked here.
 */
export const CeremonyOptionsSchema = z.looseObject({ challenge: base64url(128) });

/** The options of a ceremony and the id of the challenge they carry (sent back with the browser's answer). */
export const CeremonyReplySchema = z.object({ challengeId: IdSchema, options: CeremonyOptionsSchema });

/** The name the owner gives a passkey ("Work laptop"). */
export const PasskeyNameSchema = z.string().trim().min(1, 'Name your passkey.').max(64, 'Use at most 64 characters.');

/** One passkey of the signed-in user, as /account/passkeys lists it. */
export const PasskeySummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
  /** Whether the authenticator reported it backed up (a synced passkey, as password managers keep them). */
  backedUp: z.boolean(),
});
export type PasskeySummary = z.infer<typeof PasskeySummarySchema>;

/**
 * A desktop app's passkey sign-in in the system browser (RFC 8252 with PKCE, RFC 7636): the app's S256 challenge,
 * base64url(sha256(verifier)), 43 characters.
 */
export const PkceChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected an S256 code challenge.');

/** The app's PKCE verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
export const PkceVerifierSchema = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Expected a code verifier.');

/** The single-use code the browser page hands to the app's loopback listener (a signed, short-lived token). */
export const DesktopPasskeyCodeSchema = z.string().min(1).max(2048).regex(/^[A-Za-z0-9_.-]+$/, 'Expected the code the browser returned.');
