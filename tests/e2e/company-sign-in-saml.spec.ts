import { expect, test, type Page } from '@playwright/test';
import { escapeHtml } from '../../src/shared/escape-html';
import { wrapAssertion } from '../saml/stand-in-idp';
import { publishTxt } from './dns-service';
import { expectProduct, expectSelection, signIn } from './helpers';

// A company's own SAML 2.0 provider (issue 25), in Chromium: Harbor's admin verifies harbor.test and adds the run's
// stand-in identity provider (tests/e2e/saml-service.ts) from its metadata URL, tests it and turns it on; a newcomer
// signs in from /login. The response the browser carried, replayed, and the same response with another person
// wrapped beside its signed assertion are both refused by the portal, in the browser.

const METADATA_URL = `http://127.0.0.1:${Number(process.env.E2E_SAML_PORT ?? Number(process.env.E2E_PORT ?? 3390) + 4000)}/metadata`;
const REFUSED = "Your company's sign-in service did not confirm this sign-in. Please start again.";

/** Posts a form to the portal's ACS from a page of the browser, as a provider's auto-submitting form does. */
async function postFromBrowser(page: Page, acsUrl: string, fields: Record<string, string>): Promise<void> {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  await page.setContent(`<form method="post" action="${escapeHtml(acsUrl)}">${inputs}<button>Send</button></form>`);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('an admin connects a SAML provider; a newcomer signs in with it; a replayed and a wrapped response are refused', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'hal.admin@harbor.test', 'Harbor@12345');
  await expectSelection(page);
  await page.goto('/admin/harbor/sign-in');
  await page.getByLabel('Domain', { exact: true }).fill('harbor.test');
  await page.getByRole('button', { name: 'Add domain' }).click();
  const domainCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^harbor\.test/ }) });
  publishTxt('_suite-portal-verification.harbor.test', [(await domainCard.getByText(/^suite-portal-verification=/).textContent())!]);
  await domainCard.getByRole('button', { name: 'Check now: harbor.test' }).click();
  await expect(domainCard.getByText('Verified', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a connection' });
  await form.getByLabel('Protocol').selectOption('saml');
  await form.getByLabel('Name').fill('Harbor SAML');
  await form.getByLabel('Metadata URL').fill(METADATA_URL);
  await form.getByRole('checkbox', { name: 'HR' }).check();
  await form.getByRole('button', { name: 'Add connection' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Harbor SAML/ }) });
  const acsUrl = (await card.getByText(/\/acs$/).textContent())!;
  await card.getByRole('button', { name: 'Test sign-in: Harbor SAML' }).click();
  await expect(page.getByRole('heading', { name: 'Test sign-in: it works' })).toBeFocused();
  await card.getByRole('button', { name: 'Turn on: Harbor SAML' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // The newcomer: their address, the company's sign-in, and in; the response their browser carried is kept.
  const newcomer = await (await browser.newContext()).newPage();
  const carried = newcomer.waitForRequest((request) => request.url() === acsUrl && request.method() === 'POST');
  await newcomer.goto('/login');
  await newcomer.getByLabel('Email address or user name').fill('hana.new@harbor.test');
  await newcomer.getByRole('button', { name: 'Continue with Harbor sign-in' }).click();
  await expectProduct(newcomer, 'hrms', '/harbor/dashboard');
  const fields = Object.fromEntries(new URLSearchParams((await carried).postData() ?? ''));

  // Replayed as it was, then under a fresh sign-in's RelayState: refused both times.
  const attacker = await (await browser.newContext()).newPage();
  await postFromBrowser(attacker, acsUrl, fields);
  await expect(attacker.getByRole('heading', { name: 'Company sign-in did not finish.' })).toBeVisible();
  const fresh = await attacker.request.get('/harbor/sso', { maxRedirects: 0 });
  const relayState = new URL(fresh.headers().location!).searchParams.get('RelayState')!;
  await postFromBrowser(attacker, acsUrl, { SAMLResponse: fields.SAMLResponse!, RelayState: relayState });
  await expect(attacker.getByText(REFUSED)).toBeVisible();

  // Another person (the admin) wrapped beside the signed assertion, under a sign-in of its own: refused.
  const another = await attacker.request.get('/harbor/sso', { maxRedirects: 0 });
  const anotherState = new URL(another.headers().location!).searchParams.get('RelayState')!;
  await postFromBrowser(attacker, acsUrl, { SAMLResponse: wrapAssertion(fields.SAMLResponse!, 'hal.admin@harbor.test'), RelayState: anotherState });
  await expect(attacker.getByText(REFUSED)).toBeVisible();
  await expect(attacker.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
});
