import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import { findUserById } from '../accounts/queries';
import type { Db } from '../db/client';
import { loadServerSecret } from '../db/server-secrets';
import { clientOrganization, consumeAuthorizationCode, databaseAdapter, findClientMetadata, grantOrganization } from './adapter';
import { clientSecretMatches } from './client-secrets';
import { errorPage } from './error-page';
import { pageLanguage } from '../i18n/server-page';
import { loadSigningKeys } from './signing-keys';

/** Where the protocol's endpoints live; discovery is at `{PUBLIC_URL}/.well-known/openid-configuration`. */
export const OIDC_PREFIX = '/oidc';
export const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** Token lifetimes in seconds (README: "Apps that sign in with the portal"). Refresh tokens: spec section 9. */
export const OIDC_TTL = {
  AuthorizationCode: 60,
  AccessToken: 3600,
  IdToken: 3600,
  RefreshToken: 86_400,
  Interaction: 3600,
  Session: 86_400,
  Grant: 86_400,
  /** An app's admin API token (client credentials): short, since it manages people; the app asks again. */
  ClientCredentials: 600,
} as const;

/** The claims each scope releases; `org_id` (the organization the app was opened for) comes with `openid`. */
const CLAIMS = {
  openid: ['sub', 'org_id'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
};

export interface OidcProvider {
  provider: Provider;
  /** Node handler for the protocol's paths (`handles`): authorization, token, userinfo, JWKS, discovery… */
  callback: (req: IncomingMessage, res: ServerResponse) => void;
  handles(path: string): boolean;
  /** Whether a client exists and is public (so PKCE is mandatory at the authorization endpoint). */
  clientKind(clientId: string): Promise<'public' | 'confidential' | null>;
}

/** The query the Authorize screen opens with: the interaction and what the screen and its calls need. */
function interactionUrl(_ctx: KoaContextWithOIDC, interaction: { uid: string; params: Record<string, unknown> }): string {
  const query = new URLSearchParams({ uid: interaction.uid });
  for (const name of ['client_id', 'redirect_uri', 'state', 'orgId'] as const) {
    const value = interaction.params[name];
    if (typeof value === 'string') query.set(name, value);
  }
  return `/authorize?${query.toString()}`;
}

/**
 * RFC 9700 §2.1.1 (and the issue): a token request whose code_verifier does not match the code's challenge consumes
 * the code, so whoever holds a stolen code gets one guess; the next request with it, even with the right verifier, is
 * a replay (invalid_grant, and the adapter revokes what the grant issued). oidc-provider checks PKCE before it
 * consumes the code and then only reports the failure (`grant.error`); the code is consumed before the reply leaves,
 * so no request can slip in between.
 */
function consumeCodeOnPkceFailure(db: Db, provider: Provider): void {
  const failed = new WeakMap<object, string>();
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    const params = ctx.oidc?.params as { grant_type?: unknown; code?: unknown } | undefined;
    const pkce = error instanceof errors.InvalidGrant && /code_verifier/.test(String((error as { error_detail?: string }).error_detail));
    if (pkce && params?.grant_type === 'authorization_code' && typeof params.code === 'string') failed.set(ctx, params.code);
  });
  provider.use(async (ctx, next) => {
    await next();
    const code = failed.get(ctx);
    if (code !== undefined) await consumeAuthorizationCode(db, code);
  });
}

/**
 * The portal as an OpenID provider (oidc-provider, OpenID Certified): authorization code flow with PKCE (S256,
 * mandatory for public clients), refresh tokens that rotate, revocation and introspection. Its state is in our
 * database (adapter.ts), its signing keys too (signing-keys.ts), so every instance agrees. The sign-in itself is
 * the portal's /authorize screen (interactions.ts finishes it).
 */
export async function createOidcProvider(db: Db, publicUrl: string, options: { trustProxy: boolean }): Promise<OidcProvider> {
  const keys = await loadSigningKeys(db);
  const cookieKey = await loadServerSecret(db, 'oidc-cookie-key');

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: { keys: keys as never },
    cookies: { keys: [cookieKey], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
    claims: CLAIMS,
    // The ID token carries the scopes' claims too (email, org_id), for apps that do not call userinfo.
    conformIdTokenClaims: false,
    // org:admin is the admin API's scope: only the client-credentials grant of an organization's app may carry it
    // (interactions.ts never puts it in a user's grant, and the API accepts client-credentials tokens only).
    scopes: ['openid', 'email', 'profile', 'offline_access', ADMIN_API_SCOPE],
    responseTypes: ['code'],
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    // Exact redirect_uri match, always named in the request.
    allowOmittingSingleRegisteredRedirectUri: false,
    extraParams: ['orgId'],
    features: {
      devInteractions: { enabled: false },
      // An organization's app with API access gets tokens of its own (no user) for the admin API.
      clientCredentials: { enabled: true },
      // Introspection is for the products' APIs: a confidential client (a resource server) may introspect any token;
      // a public client only its own. Revocation: only the client a token was issued to may revoke it.
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => client.clientAuthMethod !== 'none' || token.clientId === client.clientId },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      // Apps that register a back-channel logout URI (the seed's backchannelLogoutUri, or the admin console's) are told when the portal
      // session a user signed in with ends (backchannel-logout.ts sends the logout tokens).
      backchannelLogout: { enabled: true },
    },
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/me`,
      jwks: `${OIDC_PREFIX}/jwks`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      end_session: `${OIDC_PREFIX}/session/end`,
      pushed_authorization_request: `${OIDC_PREFIX}/request`,
      registration: `${OIDC_PREFIX}/reg`,
      code_verification: `${OIDC_PREFIX}/device`,
      device_authorization: `${OIDC_PREFIX}/device/auth`,
      backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
      challenge: `${OIDC_PREFIX}/challenge`,
    },
    ttl: { ...OIDC_TTL },
    // Every refresh rotates: the old refresh token is consumed, and using it again revokes the grant.
    rotateRefreshToken: () => true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Only the grant the portal's sign-in just made counts: every authorization passes through /authorize, where
    // the organization and its address ranges are checked again.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: interactionUrl as never },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    async findAccount(ctx, sub, token) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      const grantId = (token as { grantId?: string } | undefined)?.grantId ?? ctx.oidc.entities.Grant?.jti;
      const orgId = grantId ? await grantOrganization(db, grantId) : null;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.verified,
          name: `${user.firstName} ${user.lastName}`.trim(),
          given_name: user.firstName,
          family_name: user.lastName,
          ...(orgId ? { org_id: orgId } : {}),
        }),
      };
    },
    // Access tokens (introspection) say which organization they are for, like the ID token; an app's own token
    // (client credentials) is for the organization that registered the app.
    async extraTokenClaims(_ctx, token) {
      const { grantId, kind, clientId } = token as { grantId?: string; kind?: string; clientId?: string };
      const orgId = grantId ? await grantOrganization(db, grantId) : kind === 'ClientCredentials' && clientId ? await clientOrganization(db, clientId) : null;
      return orgId ? { org_id: orgId } : undefined;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.vary('Cookie');
      ctx.vary('Accept-Language');
      ctx.body = errorPage(pageLanguage(ctx.get('cookie'), ctx.get('accept-language')), out as { error?: string; error_description?: string });
    },
  };

  const provider = new Provider(publicUrl, configuration);
  provider.proxy = options.trustProxy;
  // Confidential clients' secrets are stored as sha256 (client-secrets.ts): compare the offered one's hash.
  provider.Client.prototype.compareClientSecret = function compare(this: { clientSecret?: string }, offered: string) {
    return Promise.resolve(typeof this.clientSecret === 'string' && clientSecretMatches(this.clientSecret, offered));
  } as never;

  consumeCodeOnPkceFailure(db, provider);

  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  return {
    provider,
    callback,
    handles: (path) => path === DISCOVERY_PATH || path === OIDC_PREFIX || path.startsWith(`${OIDC_PREFIX}/`),
    clientKind: async (clientId) => {
      const metadata = await findClientMetadata(db, clientId);
      if (!metadata) return null;
      return metadata.token_endpoint_auth_method === 'none' ? 'public' : 'confidential';
    },
  };
}
