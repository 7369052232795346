import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSelection, logout, setUpAuthenticator, signIn } from './helpers';

// The account security center (/account): sessions and devices, sign-in history, the organization audit with its CSV
// export, the second factor and its recovery code; by keyboard alone; and axe with no violation on every screen and
// state. Users security.*@e2e.test in fixtures/seed.json.

const PASSWORD = 'Secure@12345';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** axe (WCAG 2.x A and AA rules and best practices) finds nothing on the page as it is now. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${state}: ${id} (${nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The rows of the table with this accessible name (its caption), without the header row. */
const rowsOf = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${target.toString()} with Tab`);
}

test.describe('account security center', () => {
  test('sessions and devices: sign in on two browsers, end one from the other, and that one is sent to /login', async ({ page, browser }) => {
    const user = 'security.sessions@e2e.test';
    const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, userAgent: IPHONE });
    const other = await phone.newPage();
    await signIn(other, user, PASSWORD);
    await expectSelection(other);

    await signIn(page, user, PASSWORD);
    await expectSelection(page);
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/account\/sessions$/);
    await expect(page).toHaveTitle('Sessions and devices · Security · Suite Portal');
    await expect(rowsOf(page, 'Sessions and devices')).toHaveCount(2);
    const mine = rowsOf(page, 'Sessions and devices').filter({ hasText: 'This device' });
    await expect(mine).toContainText('Chrome');
    await expect(mine).toContainText('127.0.0.1 (private network)');
    const theirs = rowsOf(page, 'Sessions and devices').filter({ hasText: 'Safari 17 on iOS' });
    await expect(theirs).toContainText('Mobile');
    await expectAccessible(page, 'sessions');

    // Search: one character does nothing, two or more filter the rows.
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('iOS');
    await expect(rowsOf(page, 'Sessions and devices')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');
    await expect(rowsOf(page, 'Sessions and devices')).toHaveCount(2);

    await theirs.getByRole('button', { name: /^Sign out Safari 17 on iOS/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out this session?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'sessions, confirm dialog');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signed out Safari 17 on iOS' })).toBeVisible();
    await expect(rowsOf(page, 'Sessions and devices')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

    // The other browser's next call is refused: it is signed out and sent to /login.
    await other.getByRole('link', { name: 'Security' }).click();
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await phone.close();
  });

  test('sign-in history shows a failure and a success, and filters by event', async ({ page }) => {
    const user = 'security.history@e2e.test';
    await signIn(page, user, 'Wrong@12345');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email, user name or password.' })).toBeVisible();
    await signIn(page, user, PASSWORD);
    await expectSelection(page);
    await page.goto('/account/history');
    await expect(page.getByRole('heading', { name: 'Sign-in history' })).toBeVisible();
    const rows = rowsOf(page, 'Sign-in history');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Signed in');
    await expect(rows.nth(0)).toContainText('password');
    await expect(rows.nth(1)).toContainText('Sign-in failed');
    await expect(rows.nth(1)).toContainText('wrong password');
    await expect(rows.nth(1)).toContainText('127.0.0.1');
    await expectAccessible(page, 'history');

    await page.getByLabel('Event').selectOption({ label: 'Sign-in failed' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('wrong password');
    await page.getByLabel('Event').selectOption({ label: 'Password reset' });
    await expect(page.getByRole('table', { name: 'Sign-in history' })).toContainText('No data to display');
    await expectAccessible(page, 'history, nothing found');
  });

  test('an admin reads the organization audit, filters it and exports it as CSV; a member cannot', async ({ page }) => {
    // Four sign-ins, an export and two logouts: more than the default 30 s on a busy 2-core machine.
    test.slow();
    await signIn(page, 'security.history@e2e.test', 'Wrong@99999');
    await expect(page.getByRole('alert')).toBeVisible();
    await signIn(page, 'admin@e2e.test', 'Admin@12345');
    await expectSelection(page);
    await page.goto('/account/sessions');
    await page.getByRole('navigation', { name: 'Security center' }).getByRole('link', { name: 'Organization audit' }).click();
    await expect(page).toHaveURL(/\/account\/organization-audit$/);
    // Only organizations the admin administers and may reach from here: not the IP-fenced one.
    await expect(page.getByLabel('Organization').getByRole('option')).toHaveText(['Acme Corporation']);
    await expect(rowsOf(page, 'Acme Corporation audit').first()).toBeVisible();
    await expectAccessible(page, 'organization audit');

    await page.getByRole('searchbox', { name: 'Search' }).fill('security.history');
    await page.getByLabel('Event').selectOption({ label: 'Sign-in failed' });
    // The search is debounced (500 ms): wait until the table has settled on both filters.
    const audit = page.getByRole('table', { name: 'Acme Corporation audit' });
    const auditRows = rowsOf(page, 'Acme Corporation audit');
    await expect
      .poll(async () => {
        const texts = await auditRows.allInnerTexts();
        const settled = (await audit.getAttribute('aria-busy')) === null && texts.length > 0;
        return settled && texts.every((text) => text.includes('security.history@e2e.test') && text.includes('Sign-in failed'));
      })
      .toBe(true);
    const shown = await auditRows.count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-acme-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Member,Email,Event,Detail,By,Address,Device,Platform');
    expect(lines.slice(1)).toHaveLength(shown);
    for (const line of lines.slice(1)) expect(line).toContain(',Hana Secure,security.history@e2e.test,Sign-in failed,wrong password,,127.0.0.1,');
    await expect(page.getByRole('status').filter({ hasText: `Exported ${shown === 1 ? '1 event' : `${shown} events`}.` })).toBeVisible();
    // The admin leaves with the header's Logout, by mouse (the floating Menu button once covered it here), and a
    // member signs in on the same browser.
    await logout(page);
    await signIn(page, 'member@e2e.test', 'Member@12345');
    await expectSelection(page);
    await page.goto('/account/organization-audit');
    await expect(page.getByText('Only an administrator of an organization can see its audit')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Organization audit' })).toHaveCount(0);
    await expectAccessible(page, 'organization audit, not an admin');
  });

  test('second factor: see the setup, and regenerate the recovery code behind the confirm word', async ({ page }) => {
    await signIn(page, 'security.factor@e2e.test', PASSWORD);
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    const { recoveryCode: first } = await setUpAuthenticator(page, { staysInPortal: false });
    // One product in one organization: the workspace goes straight on to it.
    await expect(page).toHaveURL(/\/products\/hrms\/appco\/dashboard$/);
    await page.goto('/account/second-factor');
    await expect(page.getByRole('term').filter({ hasText: 'Authenticator app' })).toBeVisible();
    await expect(page.getByRole('definition').nth(1)).toHaveText('On');
    await expect(page.getByRole('link', { name: 'Change second factor' })).toBeVisible();
    await expectAccessible(page, 'second factor');

    await page.getByRole('button', { name: 'Regenerate recovery code' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Regenerate the recovery code?' });
    const confirm = dialog.getByRole('button', { name: 'Regenerate' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Please Type REGENERATE').fill('regenerate');
    await expect(confirm).toBeDisabled();
    await expectAccessible(page, 'second factor, confirm word');
    await dialog.getByLabel('Please Type REGENERATE').fill('REGENERATE');
    await confirm.click();
    const fresh = (await page.getByTestId('regenerated-recovery-code').textContent())!.trim();
    expect(fresh).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}$/);
    expect(fresh).not.toBe(first);
    await expect(page.getByRole('link', { name: 'Download recovery code' })).toBeVisible();
    await expectAccessible(page, 'second factor, new recovery code');

    // Changing the setup goes through the setup screen, and comes back here.
    await page.getByRole('link', { name: 'Change second factor' }).click();
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/account\/second-factor$/);
  });

  test('by keyboard alone: from the workspace through every section, a dialog, sorting and Logout', async ({ page, browser }) => {
    const user = 'security.keyboard@e2e.test';
    const second = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const elsewhere = await second.newPage();
    await signIn(elsewhere, user, PASSWORD);
    await expectSelection(elsewhere);

    await signIn(page, user, PASSWORD);
    await expectSelection(page);
    await tabTo(page, page.getByRole('link', { name: 'Security' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/sessions$/);

    // A route change puts the focus on the new page's heading, at the start of the section.
    await expect(page.getByRole('heading', { level: 1, name: 'Sessions and devices' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Sign out all other sessions' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Signed out 1 other session.' })).toBeVisible();

    // Sort by a column header.
    const deviceHeader = page.getByRole('columnheader', { name: /Device/ });
    await tabTo(page, deviceHeader.getByRole('button'));
    await page.keyboard.press('Enter');
    await expect(deviceHeader).toHaveAttribute('aria-sort', 'ascending');

    for (const [section, heading] of [
      ['Sign-in history', 'Sign-in history'],
      ['Second factor', 'Second factor'],
      ['Connected apps', 'Connected apps'],
      ['Sessions and devices', 'Sessions and devices'],
    ] as const) {
      await tabTo(page, page.getByRole('navigation', { name: 'Security center' }).getByRole('link', { name: section }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
    }
    await tabTo(page, page.getByRole('button', { name: 'Logout' }));
    await Promise.all([page.waitForURL(/\/login$/, { waitUntil: 'load' }), page.keyboard.press('Enter')]);
    await second.close();
  });
});
