import * as oauth from 'oauth4webapi';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * A third-party app as the tests play it: an independent OAuth 2.0 / OpenID Connect client library (oauth4webapi)
 * that knows only the portal's issuer URL, plus jose to check ID tokens against the published JWKS. Nothing here
 * knows how the portal works inside.
 */
export interface ThirdPartyApp {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  redirectUri: string;
}

const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** Discovers the portal from its issuer URL alone (http is allowed for the local test server only). */
export async function discover(issuer: string, clientId: string, redirectUri: string, clientSecret?: string): Promise<ThirdPartyApp> {
  const issuerUrl = new URL(issuer);
  const as = await oauth.processDiscoveryResponse(issuerUrl, await oauth.discoveryRequest(issuerUrl, { algorithm: 'oidc', ...insecure }));
  return { as, client: { client_id: clientId }, auth: clientSecret ? oauth.ClientSecretBasic(clientSecret) : oauth.None(), redirectUri };
}

/** A fresh authorization request: its URL (code flow, PKCE S256, state, nonce) and what the app keeps to finish it. */
export async function authorizationRequest(app: ThirdPartyApp, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(app.as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: app.client.client_id,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { url, verifier, state, nonce };
}

/** Back at the redirect URI: checks state and issuer, exchanges the code (with the PKCE verifier) and checks the ID token's claims. */
export async function exchangeCode(app: ThirdPartyApp, callbackUrl: string, request: { verifier: string; state: string; nonce: string }) {
  const params = oauth.validateAuthResponse(app.as, app.client, new URL(callbackUrl), request.state);
  const response = await oauth.authorizationCodeGrantRequest(app.as, app.client, app.auth, params, app.redirectUri, request.verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(app.as, app.client, response, { expectedNonce: request.nonce, requireIdToken: true });
  return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens)! };
}

/** Sends a code to the token endpoint as-is and returns the raw response (for the refusals). */
export async function tokenRequestRaw(app: ThirdPartyApp, callbackUrl: string, verifier: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const params = oauth.validateAuthResponse(app.as, app.client, new URL(callbackUrl), oauth.skipStateCheck);
  const response = await oauth.authorizationCodeGrantRequest(app.as, app.client, app.auth, params, app.redirectUri, verifier, insecure);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The ID token's signature, issuer and audience, checked against the JWKS the discovery document names. */
export async function verifyIdToken(app: ThirdPartyApp, idToken: string): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(app.as.jwks_uri!));
  const { payload } = await jwtVerify(idToken, jwks, { issuer: app.as.issuer, audience: app.client.client_id });
  return payload;
}

export async function userInfo(app: ThirdPartyApp, accessToken: string, subject: string) {
  return oauth.processUserInfoResponse(app.as, app.client, subject, await oauth.userInfoRequest(app.as, app.client, accessToken, insecure));
}

export async function refresh(app: ThirdPartyApp, refreshToken: string) {
  return oauth.processRefreshTokenResponse(app.as, app.client, await oauth.refreshTokenGrantRequest(app.as, app.client, app.auth, refreshToken, insecure));
}

/** The raw refresh response (for a refusal). */
export async function refreshRaw(app: ThirdPartyApp, refreshToken: string): Promise<number> {
  return (await oauth.refreshTokenGrantRequest(app.as, app.client, app.auth, refreshToken, insecure)).status;
}

/** The client-credentials grant (an app's own token, no user), as the raw response: its status and JSON body. */
export async function clientCredentialsRaw(app: ThirdPartyApp, scope: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await oauth.clientCredentialsGrantRequest(app.as, app.client, app.auth, { scope }, insecure);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Userinfo as the raw response's status (for a token that no longer works). */
export async function userInfoStatus(app: ThirdPartyApp, accessToken: string): Promise<number> {
  return (await oauth.userInfoRequest(app.as, app.client, accessToken, insecure)).status;
}

export async function revoke(app: ThirdPartyApp, token: string): Promise<void> {
  await oauth.processRevocationResponse(await oauth.revocationRequest(app.as, app.client, app.auth, token, insecure));
}

export async function introspect(app: ThirdPartyApp, token: string) {
  return oauth.processIntrospectionResponse(app.as, app.client, await oauth.introspectionRequest(app.as, app.client, app.auth, token, insecure));
}

/** A browser in miniature: a cookie jar and redirects followed by hand, so each hop can be looked at. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  async get(url: string | URL): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
    this.keep(response);
    return response;
  }
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
