import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { authorizationRequest, discover, exchangeCode, type ThirdPartyApp } from '../oauth-client';

// Issue 23 §4 in Chromium: one sign-in at /authorize signs in to the portal too, so the next suite app continues
// without a password; a third-party app asks for consent once, listed in the security center's Connected apps, where
// revoking it makes the next sign-in ask again (and Deny goes back to the app with access_denied).
// Users app.*@e2e.test and apps e2e-notes, e2e-tasks (the suite's) and e2e-partner (a third party) in fixtures/seed.json.

const PASSWORD = 'Oauth@12345';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const APPS = {
  notes: { clientId: 'e2e-notes', name: 'E2E Notes', redirectUri: 'https://notes.e2e.test/callback' },
  tasks: { clientId: 'e2e-tasks', name: 'E2E Tasks', redirectUri: 'https://tasks.e2e.test/callback' },
  partner: { clientId: 'e2e-partner', name: 'E2E Partner', redirectUri: 'https://partner.e2e.test/callback' },
} as const;
type AppName = keyof typeof APPS;

const clients = {} as Record<AppName, ThirdPartyApp>;
test.beforeAll(async () => {
  for (const name of Object.keys(APPS) as AppName[]) clients[name] = await discover(baseURL, APPS[name].clientId, APPS[name].redirectUri);
});

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`), `axe violations on ${screen}`).toEqual([]);
}

/** The app sends the browser to the portal: the Authorize screen of that app. */
async function openAuthorize(page: Page, name: AppName, extra: Record<string, string> = {}) {
  const request = await authorizationRequest(clients[name], extra);
  await page.goto(request.url.toString());
  await expect(page).toHaveURL(/\/authorize\?uid=/);
  return request;
}

/**
 * Where the browser goes next: the app's redirect URI with code (or error) and state. The apps' sites are not there;
 * the request to the redirect URI is all an app needs (as in admin-console.spec.ts). Call before the step that leads there.
 */
async function landingAt(page: Page, name: AppName): Promise<URL> {
  const request = await page.waitForRequest((sent) => sent.url().startsWith(`${APPS[name].redirectUri}?`));
  // The navigation ends on the browser's own "can't be reached" page before the test goes on (a goto meanwhile
  // would be interrupted by it).
  await request.response();
  await page.waitForURL(/^chrome-error:/, { timeout: 5_000 });
  return new URL(request.url());
}

async function typeCredentials(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address or user name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

test.describe('App sign-in: one sign-in for the suite, consent for a third party', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a sign-in at /authorize signs in to the portal, and the next app continues without a password', async ({ page }) => {
    const email = 'app.suite@e2e.test';
    const first = await openAuthorize(page, 'notes');
    await expect(page.getByRole('heading', { name: 'Sign in to E2E Notes' })).toBeVisible();
    const back = landingAt(page, 'notes');
    await typeCredentials(page, email);
    expect((await exchangeCode(clients.notes, (await back).href, first)).claims).toMatchObject({ email, org_id: 'acme' });

    // The portal is signed in: its one product opens, no sign-in screen.
    await page.goto('/');
    await expect(page).toHaveURL(/\/products\/hrms\//);

    // A second suite app: "Continue as", no password, no consent.
    const second = await openAuthorize(page, 'tasks');
    await expect(page.getByRole('heading', { name: 'Sign in to E2E Tasks' })).toBeVisible();
    const continueAs = page.getByRole('button', { name: `Continue as ${email}` });
    await expect(continueAs).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    const tasks = landingAt(page, 'tasks');
    await continueAs.click();
    expect((await exchangeCode(clients.tasks, (await tasks).href, second)).claims).toMatchObject({ email, aud: APPS.tasks.clientId });
  });

  test('a third-party app asks consent once; Connected apps lists it and a revoke asks again; Deny returns access_denied', async ({ page }) => {
    const email = 'app.partner@e2e.test';
    await page.setViewportSize({ width: 390, height: 844 });
    const first = await openAuthorize(page, 'partner');
    await typeCredentials(page, email);

    const heading = page.getByRole('heading', { name: 'Allow E2E Partner to sign you in?' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle('Allow E2E Partner? · Suite Portal');
    await expect(page.getByRole('img', { name: 'E2E Partner logo' })).toBeVisible();
    for (const words of ['Know who you are, and which organization you use it for', 'See your email address', 'See your name']) await expect(page.getByText(words)).toBeVisible();
    // A phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'Authorize, consent');
    const allowed = landingAt(page, 'partner');
    await page.getByRole('button', { name: 'Allow' }).click();
    expect((await exchangeCode(clients.partner, (await allowed).href, first)).claims).toMatchObject({ email, aud: APPS.partner.clientId });

    // Remembered: the next sign-in to it continues without asking.
    const again = await openAuthorize(page, 'partner');
    const twice = landingAt(page, 'partner');
    await page.getByRole('button', { name: `Continue as ${email}` }).click();
    expect((await exchangeCode(clients.partner, (await twice).href, again)).claims).toMatchObject({ email });

    // The security center lists it; revoking asks for a confirmation first.
    await page.goto('/account/connected-apps');
    await expect(page.getByRole('heading', { name: 'Connected apps', level: 1 })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'E2E Partner' }) });
    await expect(card).toContainText('See your email address');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'Connected apps');
    await card.getByRole('button', { name: 'Revoke access of E2E Partner' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke access of E2E Partner?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByText('No app outside the suite has access to your account.')).toBeVisible();

    // The next sign-in asks again; Deny sends the browser back to the app with access_denied and no code.
    const third = await openAuthorize(page, 'partner');
    await page.getByRole('button', { name: `Continue as ${email}` }).click();
    await expect(heading).toBeFocused();
    const landing = landingAt(page, 'partner');
    await page.getByRole('button', { name: 'Deny' }).click();
    const denied = await landing;
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(third.state);
    expect(denied.searchParams.has('code')).toBe(false);
  });
});
