import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { TestCertificates } from './test-ca';

/** A person in the stand-in's directory: what its ID tokens say about them. */
export interface DirectoryUser {
  /** The `sub` (and `oid`) of the person. */
  id: string;
  email: string;
  /** Whether the provider vouches for the email (`email_verified`). */
  emailVerified: boolean;
  name: string;
  /** Entra's tenant id, sent as `tid`. */
  tenantId?: string;
}

export interface EntraStandIn {
  /** The issuer URL: what MS_AUTHORITY names (the origin, unless `issuer` was given). */
  issuer: string;
  /** Where it listens: `https://localhost:{port}`. */
  origin: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** Lets the process end while the stand-in still listens (a test runner's main process). */
  unref(): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

/**
 * An OpenID provider standing in for Microsoft Entra ID in the tests: oidc-provider (OpenID Certified) over HTTPS
 * with a certificate of the test CA, one confidential client (the portal, PKCE required), and a sign-in page of its
 * own: an email address and Next (the directory's person with that address), a "second factor" box (`amr` gets
 * `mfa`), and Cancel (the portal gets `error=access_denied`). Consent is granted without a page. ID tokens carry the
 * email claims and Entra's `oid` and `tid`, as Entra's do.
 */
export async function startEntraStandIn(options: {
  certificates: Pick<TestCertificates, 'key' | 'cert'>;
  redirectUris: string[];
  users: DirectoryUser[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** An issuer other than its own origin, to play a tenant of login.microsoftonline.com (requests still go to the origin). */
  issuer?: string;
}): Promise<EntraStandIn> {
  const clientId = options.clientId ?? `portal-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'stand-in-1', use: 'sig', alg: 'RS256' };
  const byId = new Map(options.users.map((user) => [user.id, user]));

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    // Entra puts the email and its ids in the ID token itself.
    conformIdTokenClaims: false,
    claims: { acr: null, auth_time: null, sid: null, openid: ['sub', 'oid', 'tid', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const user = byId.get(id);
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, oid: id, tid: user.tenantId, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };

  let provider: Provider | null = null;
  const handleInteraction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider!.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head><body><main>` +
          `<h1>Sign in</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}">` +
          `<label>Email, phone, or Skype <input type="email" name="email" autocomplete="username" required></label>` +
          `<label><input type="checkbox" name="mfa" value="on"> I approved the sign-in on my phone</label>` +
          `<button type="submit" name="action" value="next">Next</button>` +
          `<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form></main></body></html>`,
      );
      return;
    }
    const form = await readForm(req);
    if (form.get('action') === 'cancel') {
      await provider!.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      return;
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const user = options.users.find((candidate) => candidate.email.toLowerCase() === email);
    if (!user) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to your account</title></head><body><p role="alert">This account does not exist in the directory.</p></body></html>`);
      return;
    }
    const amr = form.get('mfa') === 'on' ? ['pwd', 'mfa'] : ['pwd'];
    await provider!.interactionFinished(req, res, { login: { accountId: user.id, amr } }, { mergeWithLastSubmission: false });
  };

  const server: Server = createServer({ key: options.certificates.key, cert: options.certificates.cert }, (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      handleInteraction(req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    provider!.callback()(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  const issuer = options.issuer ?? origin;
  provider = new Provider(issuer, configuration);
  return {
    issuer,
    origin,
    clientId,
    clientSecret,
    provider,
    unref: () => server.unref(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
