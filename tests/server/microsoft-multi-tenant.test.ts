import { randomBytes } from 'node:crypto';
import type { CustomFetch } from 'openid-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/server/log';
import { createMicrosoftSignIn, MICROSOFT_MESSAGES, type MicrosoftSignIn } from '../../src/server/microsoft/microsoft-sign-in';
import { startEntraStandIn, type EntraStandIn } from '../oidc/entra-stand-in';
import { walkToCallback } from '../oidc/provider-walk';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { cloneSeed, EMAILS } from './fixtures/seed';
import { describeEngines, startTestServer, type TestServer } from './harness';

const ENTRA = 'https://login.microsoftonline.com';
const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const PUBLIC_URL = 'https://portal.example.com';

/**
 * Entra's multi-tenant authority (`MS_TENANT=organizations`, the default), played by the stand-in: its discovery
 * document names the template issuer `https://login.microsoftonline.com/{tenantid}/v2.0`, as Entra's does, and its ID
 * tokens come from one tenant. The portal's Microsoft sign-in is given a fetch that sends login.microsoftonline.com to
 * the stand-in (this machine has no Internet); everything else (openid-client, its Entra rule) is the product's.
 */
describeEngines('Microsoft sign-in with the multi-tenant organizations authority', (engine) => {
  let provider: EntraStandIn;
  let app: TestServer;
  let microsoft: MicrosoftSignIn;

  beforeAll(async () => {
    provider = await startEntraStandIn({
      certificates: makeTestCertificates(TEST_CA_DIR),
      issuer: `${ENTRA}/${TENANT}/v2.0`,
      redirectUris: [`${PUBLIC_URL}/auth/ms/callback`],
      users: [
        { id: 'oid-member', email: EMAILS.member, emailVerified: true, name: 'Max Member', tenantId: TENANT },
        // A token whose `tid` names another tenant than the one that issued it.
        { id: 'oid-admin', email: EMAILS.admin, emailVerified: true, name: 'Ada Admin', tenantId: 'another-tenant' },
      ],
    });
    app = await startTestServer({ engine, seed: cloneSeed(), env: { PUBLIC_URL, MS_CLIENT_ID: provider.clientId, MS_CLIENT_SECRET: provider.clientSecret } });
    expect(app.server.services.config.microsoft?.authority).toBe(`${ENTRA}/organizations/v2.0`);
    const toStandIn: CustomFetch = async (url, init) => {
      const target = new URL(url);
      if (target.origin !== ENTRA) return fetch(url, init as RequestInit);
      const response = await fetch(`${provider.origin}${target.pathname.replace(/^\/[^/]+\/v2\.0/, '')}`, init as RequestInit);
      if (!target.pathname.endsWith('/.well-known/openid-configuration')) return response;
      const metadata = (await response.json()) as Record<string, unknown>;
      // Entra's document: the template issuer, and no RFC 9207 `iss` in its answers.
      return Response.json({ ...metadata, issuer: `${ENTRA}/{tenantid}/v2.0`, authorization_response_iss_parameter_supported: false });
    };
    microsoft = createMicrosoftSignIn(app.server.services.config, app.server.database.db, createLogger((line) => (process.env.MS_DEBUG ? console.log(line) : undefined)), { fetch: toStandIn })!;
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  const signIn = async (email: string) => {
    const binding = randomBytes(32).toString('base64url');
    const answer = await walkToCallback((await microsoft.start(binding)).href, { email });
    return microsoft.finish({ code: answer.get('code')!, state: answer.get('state')!, binding });
  };

  it("accepts a token issued by the tenant its tid names, and links the account under that tenant's issuer", async () => {
    const { user, identity, by } = await signIn(EMAILS.member);
    expect(user.email).toBe(EMAILS.member);
    expect(by).toBe('email');
    expect(identity).toMatchObject({ issuer: `${ENTRA}/${TENANT}/v2.0`, subject: 'oid-member' });
    await expect(signIn(EMAILS.member)).resolves.toMatchObject({ by: 'link' });
  });

  it('refuses a token whose issuer is not the tenant its tid names', async () => {
    await expect(signIn(EMAILS.admin)).rejects.toMatchObject({ code: 403, message: MICROSOFT_MESSAGES.refused });
  });
});
