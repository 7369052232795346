import * as client from 'openid-client';
import type { MicrosoftConfig } from '../config';
import type { Logger } from '../log';

/** The claims of a validated ID token that sign-in uses. */
export interface MicrosoftIdentity {
  /** The token's issuer: per tenant for Entra (`https://login.microsoftonline.com/{tid}/v2.0`). */
  issuer: string;
  /** The person's stable id at that issuer: Entra's `oid` (the same in every app of the tenant), else `sub`. */
  subject: string;
  /** The email, only when the provider vouches for it (`email_verified`, or Entra's `xms_edov`); else null. */
  verifiedEmail: string | null;
  /** The email as the token carries it, verified or not (for logs and messages only). */
  email: string | null;
  /** The provider reports a multi-factor sign-in (RFC 8176 `amr` contains `mfa`). */
  multiFactor: boolean;
}

/** A failure of the provider or of its answer, with a short reason for the log (never shown as is). */
export class MicrosoftError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'MicrosoftError';
  }
}

/** What the portal asks the provider for: sign-in and the email, nothing from Microsoft Graph. */
const SCOPE = 'openid profile email';

/**
 * The portal as an OpenID Connect relying party of MS_AUTHORITY, through openid-client (OpenID Certified): discovery,
 * authorization URL with PKCE (S256), state and nonce, the code exchange and ID-token validation (signature from the
 * JWKS, issuer, audience, nonce, expiry). Entra's multi-tenant authorities (`organizations`, `common`) publish the
 * issuer `https://login.microsoftonline.com/{tenantid}/v2.0`: openid-client then expects the issuer of the token's own
 * `tid`. Discovery runs at the first use and again after a failure; TLS is Node's (NODE_EXTRA_CA_CERTS for a private CA).
 * `fetch` is for tests that stand a local provider in for login.microsoftonline.com.
 */
export function createOidcClient(
  config: Pick<MicrosoftConfig, 'authority' | 'clientId' | 'clientSecret'>,
  log: Logger,
  options: { fetch?: client.CustomFetch; scope?: string; logAs?: string } = {},
) {
  const logAs = options.logAs ?? 'microsoft';
  let discovered: Promise<client.Configuration> | null = null;

  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(config.authority),
        config.clientId,
        config.clientSecret ?? undefined,
        config.clientSecret ? client.ClientSecretPost(config.clientSecret) : client.None(),
        { timeout: 10, ...(options.fetch ? { [client.customFetch]: options.fetch } : {}) },
      )
      .then((found) => {
        if (options.fetch) found[client.customFetch] = options.fetch;
        log.info(`${logAs}.discovered`, { issuer: found.serverMetadata().issuer });
        return found;
      })
      .catch((error: unknown) => {
        discovered = null;
        log.warn(`${logAs}.discovery-failed`, { authority: config.authority, reason: describe(error) });
        throw new MicrosoftError('unreachable', describe(error));
      });
    return discovered;
  };

  return {
    /** The provider's authorization URL for one sign-in (PKCE S256, state, nonce). */
    async authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string }): Promise<URL> {
      const found = await configuration();
      return client.buildAuthorizationUrl(found, {
        redirect_uri: request.redirectUri,
        scope: options.scope ?? SCOPE,
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
        response_type: 'code',
        response_mode: 'query',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /** Exchanges a code for tokens and returns the validated ID token's identity; MicrosoftError when anything is off. */
    async redeem(request: RedeemRequest): Promise<MicrosoftIdentity> {
      return identityOf(await this.redeemClaims(request));
    },

    /** Exchanges a code for tokens and returns the validated ID token's claims (signature, issuer, audience, nonce, expiry checked). */
    async redeemClaims(request: RedeemRequest): Promise<client.IDToken> {
      const found = await configuration();
      const callback = new URL(request.redirectUri);
      callback.searchParams.set('code', request.code);
      callback.searchParams.set('state', request.state);
      if (request.iss !== undefined) callback.searchParams.set('iss', request.iss);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(
          found,
          callback,
          { pkceCodeVerifier: request.codeVerifier, expectedState: request.state, expectedNonce: request.nonce, idTokenExpected: true },
          { redirect_uri: request.redirectUri },
        );
      } catch (error) {
        const reachable = !(error instanceof TypeError) || !/fetch failed/i.test(error.message);
        throw new MicrosoftError(reachable ? 'refused' : 'unreachable', describe(error));
      }
      const claims = tokens.claims();
      if (!claims) throw new MicrosoftError('refused', 'no ID token');
      return claims;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/** What a returned code is redeemed with: the attempt's values and the callback's. */
export interface RedeemRequest {
  redirectUri: string;
  code: string;
  state: string;
  iss?: string;
  codeVerifier: string;
  nonce: string;
}

/** The identity in validated ID-token claims. */
export function identityOf(claims: client.IDToken): MicrosoftIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const email = text(claims.email)?.toLowerCase() ?? null;
  // Entra sends `email` unverified unless the tenant owns the domain; `xms_edov` (an optional claim) says so.
  const vouched = claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1' || claims.xms_edov === 'true';
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  return {
    issuer: claims.iss,
    subject: text(claims.oid) ?? claims.sub,
    verifiedEmail: vouched ? email : null,
    email,
    multiFactor: amr.includes('mfa'),
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? `: ${cause.message}` : typeof cause === 'object' && cause && 'error' in cause ? `: ${String((cause as { error: unknown }).error)}` : '';
  return `${typeof code === 'string' ? `${code} ` : ''}${error.message}${inner}`.slice(0, 300);
}
