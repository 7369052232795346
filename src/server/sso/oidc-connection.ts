import type { CustomFetch, IDToken } from 'openid-client';
import type { Logger } from '../log';
import { createOidcClient, type OidcClient } from '../microsoft/oidc-client';
import type { Connection } from './settings';
import type { SsoIdentity } from './identity';

type OidcConnection = Extract<Connection, { kind: 'oidc' }>;

/**
 * The portal as a relying party of a company's OpenID provider: the same openid-client code as Microsoft sign-in
 * (discovery, PKCE S256, state and nonce, the code grant, the ID token's signature, issuer, audience, nonce and expiry),
 * one client per connection and configuration, kept until the connection changes.
 */
export function createOidcConnections(log: Logger, options: { fetch?: CustomFetch } = {}) {
  const clients = new Map<string, { version: number; client: OidcClient }>();

  const clientOf = (connection: OidcConnection): OidcClient => {
    const version = connection.updatedAt.getTime();
    const known = clients.get(connection.id);
    if (known && known.version === version) return known.client;
    const client = createOidcClient(
      { authority: connection.oidc.issuer, clientId: connection.oidc.clientId, clientSecret: connection.oidc.clientSecret },
      log,
      { ...options, logAs: 'sso.oidc' },
    );
    if (clients.size > 500) clients.clear();
    clients.set(connection.id, { version, client });
    return client;
  };

  return { clientOf };
}

export type OidcConnections = ReturnType<typeof createOidcConnections>;

/** The person in a validated ID token, through the connection's claim names. */
export function oidcIdentity(connection: OidcConnection, claims: IDToken): SsoIdentity {
  const text = (name: string) => {
    const value = name ? claims[name] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 254) : null;
  };
  const mapping = connection.oidc.claims;
  const groupsClaim = mapping.groups ? claims[mapping.groups] : undefined;
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: text(mapping.email)?.toLowerCase() ?? null,
    givenName: text(mapping.givenName),
    familyName: text(mapping.familyName),
    groups: Array.isArray(groupsClaim) ? groupsClaim.filter((group): group is string => typeof group === 'string').slice(0, 100) : [],
    multiFactor: amr.includes('mfa'),
  };
}
