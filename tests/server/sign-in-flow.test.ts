import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findUserByIdentifier } from '../../src/server/accounts/queries';
import { registerPasskey, registrationOptions, relyingParty } from '../../src/server/auth/passkeys';
import { users } from '../../src/server/db/schema';
import { CHANGE_PASSWORD_FIRST, SET_UP_SECOND_FACTOR_FIRST, VERIFY_FIRST } from '../../src/server/oidc/interactions';
import { freePort } from '../free-port';
import { codeIn, startSmtpReceiver, withCode, type SmtpReceiver } from '../mail/smtp-receiver';
import { authorizationRequest, Browser, discover, type ThirdPartyApp } from '../oauth-client';
import { startEntraStandIn, type DirectoryUser, type EntraStandIn } from '../oidc/entra-stand-in';
import { walkToCallback } from '../oidc/provider-walk';
import { makeTestCertificates, TEST_CA_DIR } from '../oidc/test-ca';
import { OAUTH_APP, oauthSeed } from './fixtures/oauth-seed';
import { describeEngines, startTestServer, type TestServer } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Issue 23 §1: every way in walks the same required steps. A table of account states × ways in (the password on the
 * socket, Microsoft, a passkey without user verification (one factor), an app's Authorize screen), each cell on an account of its own: the first answer of each way
 * is the same step, in the shape its client reads, and the second factor asked for is passed the same way.
 */
const METHODS = ['password', 'microsoft', 'passkey', 'app'] as const;
type Method = (typeof METHODS)[number];
const STATES = ['plain', 'unverified', 'companyFactor', 'companyFactorNotSetUp', 'ownFactor', 'forcedChange'] as const;
type State = (typeof STATES)[number];
const PASSWORD = 'Flow#Pass12345';

const emailOf = (state: State, method: Method) => `${state.toLowerCase()}.${method}@flow.test`;
const CELLS = STATES.flatMap((state) => METHODS.map((method) => ({ state, method, email: emailOf(state, method) })));

function seed() {
  const value = oauthSeed();
  value.organizations.push(
    { orgId: 'flow-open', company: 'Flow Open', plan: { hrms: true } },
    { orgId: 'flow-secure', company: 'Flow Secure', plan: { hrms: true }, mfa: { email: true, authenticatorApp: false } },
  );
  for (const { state, email } of CELLS) {
    const orgId = state === 'companyFactor' || state === 'companyFactorNotSetUp' ? 'flow-secure' : 'flow-open';
    value.users.push({
      email,
      password: PASSWORD,
      firstName: 'Flo',
      lastName: 'Walker',
      verified: state !== 'unverified',
      mustChangePassword: state === 'forcedChange',
      memberships: [{ orgId, role: 'member', productAccess: ['hrms'] }],
    });
  }
  return value;
}

/** What each way's client reads as the step after the first factor (normalized for the table). */
type Step = 'session' | 'verify-email' | 'second-factor' | 'set-up-second-factor' | 'change-password';

/** The queue's step for each state, the same for every way in; an app's screen cannot show every step and says so. */
const EXPECTED: Record<State, Step> = {
  plain: 'session',
  unverified: 'verify-email',
  companyFactor: 'second-factor',
  companyFactorNotSetUp: 'set-up-second-factor',
  ownFactor: 'second-factor',
  forcedChange: 'change-password',
};
const APP_REFUSALS: Partial<Record<Step, string>> = {
  'verify-email': VERIFY_FIRST,
  'set-up-second-factor': SET_UP_SECOND_FACTOR_FIRST,
  'change-password': CHANGE_PASSWORD_FIRST,
};

const certificates = makeTestCertificates(TEST_CA_DIR);

describeEngines('one sign-in flow: every way in walks the same required steps', (engine) => {
  let provider: EntraStandIn;
  let app: TestServer;
  let mail: SmtpReceiver;
  let portalUrl: string;
  let third: ThirdPartyApp;

  beforeAll(async () => {
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    mail = await startSmtpReceiver();
    const directory: DirectoryUser[] = CELLS.map(({ email }, i) => ({ id: `flow-${i}`, email, emailVerified: true, name: 'Flo Walker', tenantId: 'tenant-a' }));
    provider = await startEntraStandIn({ certificates, redirectUris: [`${portalUrl}/auth/ms/callback`], users: directory });
    app = await startTestServer({
      engine,
      seed: seed(),
      env: { SMTP_URL: mail.url, PORT: String(port), PUBLIC_URL: portalUrl, MS_CLIENT_ID: provider.clientId, MS_CLIENT_SECRET: provider.clientSecret, MS_AUTHORITY: provider.issuer },
    });
    // A second factor already set up: the company's (work email) for companyFactor, the user's own for ownFactor.
    const factorOn = CELLS.filter(({ state }) => state === 'companyFactor' || state === 'ownFactor').map(({ email }) => email);
    await app.server.database.db.update(users).set({ mfaEmail: true }).where(inArray(users.email, factorOn));
    third = await discover(portalUrl, OAUTH_APP.clientId, OAUTH_APP.redirectUri);
    // The passkey cells' accounts each hold a passkey without user verification (registered through the domain: an
    // unverified account has no session to register one from).
    const rp = relyingParty(portalUrl);
    for (const { email } of CELLS.filter(({ method }) => method === 'passkey')) {
      const user = (await findUserByIdentifier(app.server.database.db, email))!;
      const authenticator = new SoftwareAuthenticator({ origin: rp.origin, userVerified: false });
      const binding = { sessionId: randomUUID() };
      const { challengeId, options } = await registrationOptions(app.server.database.db, rp, user, binding);
      await registerPasskey(app.server.database.db, rp, user, binding, { challengeId, name: 'Key', response: authenticator.register(options) });
      passkeys.set(email, authenticator);
    }
  });
  const passkeys = new Map<string, SoftwareAuthenticator>();
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await mail?.close();
  });

  /** The first call of each way in: its reply, normalized to a step, and how to send the code of a second factor. */
  const begin = async (method: Method, email: string): Promise<{ step: Step; error?: string | null; ticket?: unknown; answer: (otp: string) => Promise<boolean> }> => {
    if (method === 'app') {
      const browser = new Browser();
      const request = await authorizationRequest(third);
      const screen = new URL((await browser.get(request.url)).headers.get('location')!, portalUrl);
      const post = async (body: Record<string, unknown>) => {
        const response = await fetch(`${portalUrl}/oauth2/login?${screen.searchParams.toString()}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ platform: 'web', email, password: PASSWORD, ...body }),
        });
        return (await response.json()) as { code: number; error: string | null; data: { redirect_uri?: string; isMultiFactorAuth?: boolean } | null };
      };
      const first = await post({});
      const refused = Object.entries(APP_REFUSALS).find(([, message]) => message === first.error);
      // The step the portal must take first, for the screen to link to it (issue 24).
      if (refused) expect((first.data as { portalStep?: string } | null)?.portalStep).toBe(refused[0]);
      const step: Step = refused ? (refused[0] as Step) : first.data?.isMultiFactorAuth ? 'second-factor' : first.data?.redirect_uri ? 'session' : 'verify-email';
      return { step, error: first.error, answer: async (otp) => Boolean((await post({ otp })).data?.redirect_uri) };
    }
    const client = await app.connect();
    let reply;
    if (method === 'password') {
      reply = await client.emit('login', { identifier: email, password: PASSWORD, platform: 'web' });
    } else if (method === 'passkey') {
      const { challengeId, options } = await client.call('getPasskeySignInOptions', undefined);
      reply = await client.emit('passkeyLogin', { challengeId, response: passkeys.get(email)!.assert(options as never), platform: 'web' });
    } else {
      const binding = randomBytes(32).toString('base64url');
      const start = await fetch(`${portalUrl}/auth/ms/login?binding=${binding}`, { redirect: 'manual' });
      const answer = await walkToCallback(start.headers.get('location')!, { email });
      reply = await client.emit('msLogin', { code: answer.get('code')!, state: answer.get('state')!, iss: answer.get('iss') ?? undefined, binding, platform: 'web' });
    }
    expect(reply.code, `${method} ${email}: ${reply.error}`).toBe(200);
    const data = reply.data as Record<string, unknown>;
    const step: Step = data.activateAccount
      ? 'verify-email'
      : data.isCompanyMFA && !data.token
        ? data.isUserMFASetup
          ? 'second-factor'
          : 'set-up-second-factor'
        : data.aftrp
          ? 'change-password'
          : 'session';
    const answer = async (otp: string) => {
      const next = data.ticket
        ? await client.emit('continueSignIn', { ticket: String(data.ticket), otp })
        : await client.emit('login', { identifier: email, password: PASSWORD, platform: 'web', MFAType: 1, otp });
      return next.code === 200 && typeof next.data?.token === 'string';
    };
    return { step, ticket: data.ticket, answer };
  };

  it.each(CELLS)('$state by $method: the same step', async ({ state, method, email }) => {
    const since = mail.messages.length;
    const first = await begin(method, email);
    expect(first.step).toBe(EXPECTED[state]);
    // Only a way in with nothing to send again carries a ticket, and only to a second-factor step.
    expect(first.ticket !== undefined).toBe((method === 'microsoft' || method === 'passkey') && (first.step === 'second-factor' || first.step === 'set-up-second-factor'));
    if (first.step === 'second-factor') {
      const code = codeIn(await mail.waitFor(email, { since, match: withCode }));
      expect(await first.answer(code)).toBe(true);
    }
    if (first.step === 'verify-email' && method !== 'app') {
      // The portal's ways mail the verification code; an app's screen sends the user to the portal instead.
      await mail.waitFor(email, { since, match: withCode });
    }
  });
});
