import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as client from 'openid-client';
import { expectSelection, logout, radioNames, signIn, typeOtp } from './helpers';
import { codeIn, linkIn, mailCount, waitForMail } from './mail';

// The organization admin console (/admin), as a company runs itself with it: an admin invites a member and a client
// (by keyboard), both accept from the mailed links and sign in; the admin changes the member's product access and
// removes them (their open session ends); the second-factor policy sends a member to set one up; an IP range hides an
// organization from a member outside it; an uploaded logo shows on /{orgId}/login; a registered confidential app signs
// a user in with openid-client and the secret shown once. axe on every console screen, in both themes. Users
// console.*@e2e.test and policy.member@e2e.test in fixtures/seed.json (organizations consoleco, fenceco, policyco).

const PASSWORD = 'Console@12345';
const ADMIN = 'console.admin@e2e.test';

/** axe (WCAG 2.x A and AA rules and best practices) finds nothing on the page as it is now. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${state}: ${id} (${nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${target.toString()} with Tab`);
}

/**
 * An admin signs in and opens a section of an organization's console from the workspace header, through the picker
 * when they administer several organizations they can reach (else /admin goes straight to the one).
 */
async function openConsole(page: Page, company: string, section: string, admin = ADMIN): Promise<void> {
  await signIn(page, admin, PASSWORD);
  await expectSelection(page);
  await page.getByRole('link', { name: 'Admin console' }).click();
  const nav = page.getByRole('navigation', { name: `${company} administration` });
  const picker = page.getByRole('list', { name: 'Organizations you administer' });
  await expect(nav.or(picker)).toBeVisible();
  if (await picker.isVisible()) await picker.getByRole('link', { name: company }).click();
  await nav.getByRole('link', { name: section }).click();
  await expect(page.getByRole('heading', { name: section, level: 1 })).toBeFocused();
}

const rowOf = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

test.describe('organization admin console', () => {

  test('invite a member and a client by keyboard; both accept by mail and sign in; access change shows; removal ends the session', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await openConsole(page, 'Console Works', 'Invitations');
    await expect(page.getByRole('link', { name: 'Switch organization' })).toBeVisible();
    await expect(page).toHaveTitle('Invitations · Console Works · Admin console · Suite Portal');

    // Invite by keyboard alone: the address, the role (a native select), HR access, then Enter on Send invitation.
    const since = await mailCount();
    const inviteOne = page.getByRole('form', { name: 'Invite one person' });
    const email = inviteOne.getByLabel('Email', { exact: true });
    await tabTo(page, email);
    await page.keyboard.type('new.console@e2e.test');
    await page.keyboard.press('Tab');
    await expect(inviteOne.getByLabel('Role', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(inviteOne.getByRole('checkbox', { name: 'HR' })).toBeFocused();
    await page.keyboard.press('Space');
    await tabTo(page, inviteOne.getByRole('button', { name: 'Send invitation' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to new.console@e2e.test.' })).toBeVisible();
    // The client, by keyboard too: typing in the select picks Client.
    await tabTo(page, email);
    await page.keyboard.type('client.console@e2e.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Client');
    await expect(inviteOne.getByLabel('Role', { exact: true })).toHaveValue('client');
    await tabTo(page, inviteOne.getByRole('button', { name: 'Send invitation' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent to client.console@e2e.test.' })).toBeVisible();
    await expect(rowOf(page, 'Invitations not accepted yet', 'new.console@e2e.test')).toBeVisible();
    // The same address again is refused with the server's reason under the field.
    await email.fill('new.console@e2e.test');
    await inviteOne.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('new.console@e2e.test already has a pending invitation to Console Works: resend it instead.')).toBeVisible();

    // The member registers from the mailed link, verifies the mailed code and reaches Console Works with HR.
    const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const member = await memberContext.newPage();
    await member.goto(linkIn(await waitForMail('new.console@e2e.test', since), '/invite/'));
    await expect(member.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await member.getByLabel('First Name').fill('Nia');
    await member.getByLabel('Last Name').fill('Newcomer');
    await member.getByLabel('Password', { exact: true }).fill('Newcomer@12345');
    await member.getByLabel('Confirm Password').fill('Newcomer@12345');
    const codeSince = await mailCount();
    await member.getByRole('button', { name: 'Register' }).click();
    await expect(member).toHaveURL(/\/verify-email/);
    await typeOtp(member, codeIn(await waitForMail('new.console@e2e.test', codeSince)));
    await member.getByRole('button', { name: 'Submit' }).click();
    // HR is the only product: the workspace goes straight to it.
    await expect(member).toHaveURL(/\/products\/hrms\/consoleco\/dashboard$/);

    // The client accepts: the generated password, shown once, signs in to Project.
    const clientContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const clientPage = await clientContext.newPage();
    await clientPage.goto(linkIn(await waitForMail('client.console@e2e.test', since), '/invite-client/'));
    await expect(clientPage.getByRole('heading', { name: 'Invitation Accepted' })).toBeVisible();
    const generated = (await clientPage.getByTestId('generated-password').textContent())!.trim();
    await clientPage.getByRole('link', { name: "Let's Sign In" }).click();
    await signIn(clientPage, 'client.console@e2e.test', generated);
    await expect(clientPage).toHaveURL(/\/products\/pms\/consoleco/);
    await clientContext.close();

    // The admin gives the member Chat too, by keyboard: the row's button, the dialog's checkbox, Save.
    await page.getByRole('navigation', { name: 'Console Works administration' }).getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeFocused();
    const change = page.getByRole('button', { name: /^Change role and access of Nia Newcomer/ });
    await tabTo(page, change);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Role and product access' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('checkbox', { name: 'Chat' }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(change).toBeFocused();
    await expect(rowOf(page, 'Members of Console Works', 'new.console@e2e.test')).toContainText('Chat');

    // The member's workspace shows it after a reload: two products now, so the selection screen with both tiles.
    await member.goto('/workspace');
    await expectSelection(member);
    expect(await radioNames(member, 'Product')).toEqual(['HR', 'Chat']);

    // Removed (REMOVE typed, a reason for the audit), the member's open page is signed out at once.
    await page.getByRole('button', { name: /^Remove Nia Newcomer/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByLabel('Please Type REMOVE').fill('REMOVE');
    await confirm.getByLabel('Reason (optional, kept in the audit)').fill('Joined by mistake');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(rowOf(page, 'Members of Console Works', 'new.console@e2e.test')).toHaveCount(0);
    await expect(member).toHaveURL(/\/login$/);
    await expect(member.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await memberContext.close();

    // The organization audit names who did what.
    await page.goto('/account/organization-audit');
    await expect(page.getByRole('cell', { name: 'Removed from the organization' }).first()).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on every console screen and dialog (${scheme} theme)`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, ADMIN, PASSWORD);
      await expectSelection(page);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin console', level: 1 })).toBeVisible();
      await expectAccessible(page, 'picker');
      for (const section of ['Members', 'Invitations', 'Security policy', 'Sign-in', 'Branding', 'Apps']) {
        await page.goto(`/admin/consoleco/${section === 'Security policy' ? 'security' : section.toLowerCase()}`);
        await expect(page.getByRole('heading', { name: section, level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expectAccessible(page, section);
      }
      await page.goto('/admin/consoleco/members');
      await page.getByRole('button', { name: /^Change role and access of/ }).first().click();
      await expect(page.getByRole('dialog', { name: 'Role and product access' })).toBeVisible();
      await expectAccessible(page, 'role dialog');
      await page.keyboard.press('Escape');
      await page.goto('/admin/consoleco/apps');
      await page.getByRole('button', { name: 'Register an app' }).click();
      await expect(page.getByRole('dialog', { name: 'Register an app' })).toBeVisible();
      await expectAccessible(page, 'register dialog');
      await page.keyboard.press('Escape');
      // A member who administers nothing reaches the console's refusal, not a broken page.
      await logout(page);
      await signIn(page, 'console.member@e2e.test', PASSWORD);
      await expectSelection(page);
      await page.goto('/admin/consoleco/members');
      await expect(page.getByText(/administrator/i).first()).toBeVisible();
    });
  }

  test('a second factor required by the company sends a member to set it up at their next sign-in', async ({ page, browser }) => {
    // Its own admin: the policy applies to the admins of Policy Makers too.
    await openConsole(page, 'Policy Makers', 'Security policy', 'policy.admin@e2e.test');
    await page.getByRole('radio', { name: /^Authenticator app/ }).check();
    await page.getByRole('button', { name: 'Save second factor' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change the second-factor policy?' });
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'it applies at each member’s next sign-in' })).toBeVisible();

    const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const member = await memberContext.newPage();
    await signIn(member, 'policy.member@e2e.test', PASSWORD);
    await expect(member).toHaveURL(/\/setup-multi-factor$/);
    await expect(member.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await memberContext.close();
  });

  test('an IP range that leaves this address outside hides the organization from its member', async ({ page, browser }) => {
    const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const member = await memberContext.newPage();
    await signIn(member, 'console.member@e2e.test', PASSWORD);
    await expectSelection(member);
    expect(await radioNames(member, 'Organization')).toEqual(['Console Works', 'Fence Partners']);

    await openConsole(page, 'Fence Partners', 'Security policy');
    await expect(page.getByTestId('your-address')).toContainText('127.0.0.1');
    await page.getByLabel('Ranges, one per line').fill('203.0.113.0/24');
    await expect(page.getByText('Your current address, 127.0.0.1, is outside these ranges').first()).toBeVisible();
    await page.getByRole('button', { name: 'Save IP ranges' }).click();
    await page.getByRole('alertdialog', { name: 'Leave your own address outside?' }).getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByRole('status').first()).toBeVisible();

    await member.reload();
    await expectSelection(member);
    expect(await radioNames(member, 'Organization')).toEqual(['Console Works']);
    await memberContext.close();
  });

  test('an uploaded logo shows on the organization sign-in page', async ({ page, browser }) => {
    await openConsole(page, 'Console Works', 'Branding');
    // A 2×2 PNG, as a file picked from the disk.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEJMDKgAcIKABJ2A/9Y0FXuAAAAAElFTkSuQmCC', 'base64');
    await page.locator('input[type="file"]').setInputFiles({ name: 'console-logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    const preview = page.getByRole('img', { name: 'Logo of Console Works' });
    await expect(preview).toHaveAttribute('src', /\/images\/[0-9a-f-]{36}$/);
    const src = (await preview.getAttribute('src'))!;

    const visitor = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await visitor.goto('/consoleco/login');
    const logo = visitor.locator('.company-panel img');
    await expect(logo).toHaveAttribute('src', new URL(src).pathname);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(2);
    await visitor.context().close();
  });

  test('a registered confidential app signs a user in with openid-client and the secret shown once', async ({ page }) => {
    await openConsole(page, 'Console Works', 'Apps');
    await page.getByRole('button', { name: 'Register an app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an app' });
    await dialog.getByLabel('App name').fill('Console Notes');
    await dialog.getByLabel('Redirect URIs, one per line').fill('https://notes.console.test/callback');
    await dialog.getByRole('radio', { name: /^Confidential/ }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Client secret of Console Notes' });
    const clientId = (await secretDialog.getByTestId('app-client-id').textContent())!.trim();
    const clientSecret = (await secretDialog.getByTestId('app-client-secret').textContent())!.trim();
    expect(clientSecret.length).toBeGreaterThanOrEqual(32);
    await secretDialog.getByRole('button', { name: 'Done, I have kept it' }).click();
    await expect(rowOf(page, 'Apps of Console Works', 'Console Notes')).toBeVisible();

    // The app: openid-client knows the issuer, its id and secret; the browser (signed in to the portal) goes through
    // /authorize with "Continue as" and is sent back to the app's redirect URI with the code.
    const issuer = new URL(test.info().project.use.baseURL!);
    const config = await client.discovery(issuer, clientId, undefined, client.ClientSecretBasic(clientSecret), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const start = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://notes.console.test/callback',
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // The app's site is not there: the request to its redirect URI, with code and state, is all the app needs.
    await page.goto(start.href);
    const callback = page.waitForRequest((request) => request.url().startsWith('https://notes.console.test/callback?'));
    await page.getByRole('button', { name: `Continue as ${ADMIN}` }).click();
    // An organization's app is not one of the suite's: the admin allows it once on the consent screen.
    await expect(page.getByRole('heading', { name: 'Allow Console Notes to sign you in?' })).toBeFocused();
    await page.getByRole('button', { name: 'Allow' }).click();
    const returned = new URL((await callback).url());
    const tokens = await client.authorizationCodeGrant(config, returned, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    expect(tokens.claims()).toMatchObject({ email: ADMIN, org_id: 'consoleco', aud: clientId });
  });

});
