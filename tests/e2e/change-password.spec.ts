import { expect, test } from '@playwright/test';
import { expectSelection, signIn } from './helpers';

test.describe('forced password change', () => {
  test('the guard keeps the user on Change Password until the new password is set; then the workspace', async ({ page, context }) => {
    await signIn(page, 'forced@e2e.test', 'Forced@12345');
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByLabel('Email')).toHaveValue('forced@e2e.test');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Employee Code')).toHaveValue('EMP-042');
    // Shown, not asked for: the read-only values do not look like the boxes to type in.
    const look = (label: string) => page.getByLabel(label, { exact: true }).evaluate((input) => [getComputedStyle(input).backgroundColor, getComputedStyle(input).borderTopColor].join());
    expect(await look('Employee Code')).not.toBe(await look('Current Password'));
    expect(await look('Email')).toBe(await look('Employee Code'));
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/change-password$/);
    const oldToken = (await context.cookies()).find((cookie) => cookie.name === 'ubs_token')!.value;

    await page.getByLabel('Current Password').fill('Wrong@12345');
    await page.getByLabel('New Password', { exact: true }).fill('Changed@12345');
    await page.getByLabel('Confirm Password').fill('Changed@12345');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Current password is incorrect.');

    await page.getByLabel('Current Password').fill('Forced@12345');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByLabel('Current Password')).toHaveAttribute('type', 'text');
    await page.getByLabel('Confirm Password').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully.' })).toBeVisible();
    await expectSelection(page);
    const newToken = (await context.cookies()).find((cookie) => cookie.name === 'ubs_token')!.value;
    expect(newToken).not.toBe(oldToken);

    // The old token is dead; the new password signs in straight to the workspace.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'forced@e2e.test', 'Changed@12345');
    await expectSelection(page);
  });

  test('Cancel logs out', async ({ page, context }) => {
    await signIn(page, 'newhire@e2e.test', 'Welcome@12345');
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'ubs_token')).toBeUndefined();
  });
});
