import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { authorizationRequest, discover, exchangeCode, refresh, refreshRaw, revoke, tokenRequestRaw, userInfo, verifyIdToken, type ThirdPartyApp } from '../oauth-client';
import { signIn, typeOtp } from './helpers';
import { codeIn, mailCount, waitForMail, withCode } from './mail';

// A third-party app (oauth4webapi, knowing only the issuer URL) signs its users in through the portal's /authorize
// screen in Chromium: code + PKCE, ID token checked against the JWKS, userinfo, refresh and revocation.

const CLIENT_ID = 'e2e-notes';
const REDIRECT_URI = 'https://notes.e2e.test/callback';
const PASSWORD = 'Oauth@12345';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let app: ThirdPartyApp;
test.beforeAll(async () => {
  app = await discover(baseURL, CLIENT_ID, REDIRECT_URI);
});

/** The app's own site: its callback page, where the browser lands with code and state. */
async function serveApp(page: Page): Promise<void> {
  await page.route('https://notes.e2e.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Notes</title><main><h1>Notes callback</h1></main></html>' }),
  );
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`), `axe violations on ${screen}`).toEqual([]);
}

/** Opens the app's authorization link: the portal shows the Authorize screen with the app's name. */
async function openAuthorize(page: Page, extra: Record<string, string> = {}) {
  const request = await authorizationRequest(app, extra);
  await serveApp(page);
  await page.goto(request.url.toString());
  await expect(page).toHaveURL(/\/authorize\?uid=/);
  await expect(page.getByRole('heading', { name: 'Sign in to E2E Notes' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'E2E Notes logo' })).toBeVisible();
  return request;
}

/** Types identifier and password and presses Enter, by keyboard. */
async function typeCredentials(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email address or user name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

async function landedAtApp(page: Page): Promise<string> {
  await expect(page).toHaveURL(/^https:\/\/notes\.e2e\.test\/callback\?/);
  return page.url();
}

test.describe('Authorize: third-party sign-in', () => {
  // Each test signs in through a browser and exchanges tokens from Node; the second-factor one waits out the 5 s resend.
  test.describe.configure({ timeout: 90_000 });
  test('password sign-in: code + PKCE, ID token against the JWKS, userinfo, refresh, revoke; state unchanged; axe clean', async ({ page }) => {
    const request = await openAuthorize(page);
    await expect(page).toHaveTitle(/Authorize/);
    await expectAccessible(page, 'Authorize');
    await typeCredentials(page, 'oauth.plain@e2e.test');
    const callback = await landedAtApp(page);
    expect(new URL(callback).searchParams.get('state')).toBe(request.state);

    const { tokens, claims } = await exchangeCode(app, callback, request);
    const idToken = await verifyIdToken(app, tokens.id_token!);
    expect(idToken).toMatchObject({ iss: baseURL, aud: CLIENT_ID, email: 'oauth.plain@e2e.test', org_id: 'acme' });
    expect(await userInfo(app, tokens.access_token, claims.sub)).toMatchObject({ email: 'oauth.plain@e2e.test', org_id: 'acme' });
    const refreshed = await refresh(app, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await revoke(app, refreshed.refresh_token!);
    expect(await refreshRaw(app, refreshed.refresh_token!)).toBe(400);

    // The code was single-use: replaying it is refused.
    expect(await tokenRequestRaw(app, callback, request.verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  test('a wrong code_verifier is refused', async ({ page }) => {
    await openAuthorize(page);
    await typeCredentials(page, 'oauth.plain@e2e.test');
    const callback = await landedAtApp(page);
    expect(await tokenRequestRaw(app, callback, 'w'.repeat(43))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  test('a wrong password opens the Oops... dialog with the server message', async ({ page }) => {
    await openAuthorize(page);
    await typeCredentials(page, 'oauth.plain@e2e.test', 'Wrong@12345');
    const dialog = page.getByRole('alertdialog', { name: 'Oops...' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/invalid|incorrect|wrong/i);
    await expectAccessible(page, "Authorize 'Oops...'");
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("a user outside the request's orgId is sent back to the app with access_denied and no code", async ({ page }) => {
    const request = await openAuthorize(page, { orgId: 'acme' });
    await typeCredentials(page, 'oauth.outsider@e2e.test');
    const back = new URL(await landedAtApp(page));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toContain('not a member of the organization');
    expect(back.searchParams.get('state')).toBe(request.state);
    expect(back.searchParams.has('code')).toBe(false);
  });

  test('/authorize without its query says plainly that the link is not complete, never a schema message', async ({ page }) => {
    for (const path of ['/authorize', '/authorize?uid=not-a-request']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText('This sign-in link is not complete. Go back to the application and start again.');
      await expect(page.getByText(/query\.|Invalid input|client_id/)).toHaveCount(0);
    }
  });

  test('second factor: the OTP step with a 5-second resend, then the app gets its code', async ({ page, context }) => {
    // Not set up yet: the 'Oops...' dialog links to the portal, which is to bring the user back here afterwards.
    await openAuthorize(page);
    await typeCredentials(page, 'oauth.mfa@e2e.test');
    const refusal = page.getByRole('alertdialog', { name: 'Oops...' });
    await expect(refusal).toContainText('you have not set one up yet');
    await expectAccessible(page, "Authorize 'Oops...' with the portal's link");
    await refusal.getByRole('link', { name: 'Sign in on the portal' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const back = (await context.cookies()).find((cookie) => cookie.name === 'previousURL');
    expect(decodeURIComponent(back?.value ?? '')).toMatch(/^\/authorize\?uid=/);

    // The user sets up work email as their second factor on the portal first (their company requires one).
    await signIn(page, 'oauth.mfa@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    const request = await openAuthorize(page);
    const since = await mailCount();
    await typeCredentials(page, 'oauth.mfa@e2e.test');
    await expect(page.getByRole('group', { name: 'One-time code' })).toBeVisible();
    const resend = page.getByRole('button', { name: /^Resend OTP in [1-5]s$/ });
    await expect(resend).toBeDisabled();
    await expectAccessible(page, 'Authorize, second factor');
    await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 7_000 });
    const first = await waitForMail('oauth.mfa@e2e.test', since, withCode);
    const again = await mailCount();
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(page.getByRole('button', { name: /^Resend OTP in \d+s$/ })).toBeDisabled();
    const mail = await waitForMail('oauth.mfa@e2e.test', again, withCode);
    expect(codeIn(mail)).not.toBe('');
    expect(first.subject).toBe('Your sign-in code - Suite Portal');
    await typeOtp(page, codeIn(mail));
    await page.getByRole('checkbox', { name: "Don't ask again on this device for 30 days" }).check();
    await page.keyboard.press('Enter');
    const callback = await landedAtApp(page);
    const { claims } = await exchangeCode(app, callback, request);
    expect(claims).toMatchObject({ email: 'oauth.mfa@e2e.test', org_id: 'mailco' });

    // Signed out of the portal, this browser is still trusted: the next app sign-in asks for no code.
    await context.clearCookies({ name: 'ubs_token' });
    await page.evaluate(() => localStorage.clear());
    const next = await openAuthorize(page);
    await typeCredentials(page, 'oauth.mfa@e2e.test');
    const skipped = await landedAtApp(page);
    expect((await exchangeCode(app, skipped, next)).claims).toMatchObject({ email: 'oauth.mfa@e2e.test' });
  });

  test('a user signed in to the portal continues as themselves, or uses another account', async ({ page }) => {
    await signIn(page, 'oauth.sso@e2e.test', PASSWORD);
    // One product: the workspace sends the user straight to it; the portal session is what matters here.
    await expect(page).toHaveURL(/\/products\/hrms\//);
    const request = await openAuthorize(page);
    const continueAs = page.getByRole('button', { name: 'Continue as oauth.sso@e2e.test' });
    await expect(continueAs).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use another account' })).toBeVisible();
    await expectAccessible(page, 'Authorize, Continue as');
    await continueAs.focus();
    await page.keyboard.press('Enter');
    const callback = await landedAtApp(page);
    const { claims } = await exchangeCode(app, callback, request);
    expect(claims.email).toBe('oauth.sso@e2e.test');

    const second = await openAuthorize(page);
    await page.getByRole('button', { name: 'Use another account' }).click();
    await typeCredentials(page, 'oauth.plain@e2e.test');
    const other = await landedAtApp(page);
    expect((await exchangeCode(app, other, second)).claims.email).toBe('oauth.plain@e2e.test');
  });

  test('an unregistered redirect_uri or an unknown client gets the portal error page, never a redirect', async ({ page }) => {
    let appReached = false;
    await page.route('https://evil.e2e.test/**', (route) => {
      appReached = true;
      return route.fulfill({ body: 'evil' });
    });
    const bad = await authorizationRequest({ ...app, redirectUri: 'https://evil.e2e.test/cb' });
    await page.goto(bad.url.toString());
    await expect(page.getByRole('heading', { name: 'Sign-in could not start' })).toBeVisible();
    await expect(page.getByText('not registered for it')).toBeVisible();
    const unknown = await authorizationRequest({ ...app, client: { client_id: 'no-such-app' } });
    await page.goto(unknown.url.toString());
    await expect(page.getByText('This application is not registered with the portal.')).toBeVisible();
    expect(appReached).toBe(false);
  });

  test('a hand-built link (spec 2: client_id, redirect_uri, code_challenge) on any screen reaches /authorize and starts the flow', async ({ page }) => {
    const request = await authorizationRequest(app);
    await serveApp(page);
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      code_challenge: request.url.searchParams.get('code_challenge')!,
      state: request.state,
      nonce: request.nonce,
    });
    await page.goto(`/login?${query.toString()}`);
    await expect(page).toHaveURL(/\/authorize\?uid=/);
    await typeCredentials(page, 'oauth.plain@e2e.test');
    const callback = await landedAtApp(page);
    expect((await exchangeCode(app, callback, request)).claims.email).toBe('oauth.plain@e2e.test');
  });
});
