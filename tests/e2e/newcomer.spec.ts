import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectSelection, signIn } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');

test('the README describes the product itself and links nothing outside the repository', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('## What it does');
  expect(readme).not.toMatch(/\.\.\/shared|SPEC\.md/);
  // Markdown links and autolinks: only to files of this repository.
  const targets = [...readme.matchAll(/\]\(([^)]+)\)|<(https?:[^>]+)>/g)].map((match) => match[1] ?? match[2]!);
  for (const target of targets) {
    expect(target, `README links ${target}`).not.toMatch(/^[a-z]+:|^\.\.\//i);
    expect(existsSync(join(ROOT, target.split('#')[0]!)), `README links ${target}`).toBe(true);
  }
});

test('npm run demo:reset deletes the demo data folder, and only one', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-reset-'));
  mkdirSync(join(dataDir, 'pglite'));
  mkdirSync(join(dataDir, 'outbox'));
  const out = execFileSync('node', ['scripts/demo-reset.mjs'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).toString();
  expect(out).toContain('Deleted');
  expect(existsSync(dataDir)).toBe(false);

  const elsewhere = mkdtempSync(join(tmpdir(), 'not-portal-'));
  writeFileSync(join(elsewhere, 'thesis.docx'), 'precious');
  expect(() => execFileSync('node', ['scripts/demo-reset.mjs'], { cwd: ROOT, env: { ...process.env, DATA_DIR: elsewhere, DATABASE_URL: '' }, stdio: 'pipe' })).toThrow();
  expect(existsSync(join(elsewhere, 'thesis.docx'))).toBe(true);
});

test('the stand-in product page after Next has the portal’s look', async ({ page }) => {
  await signIn(page, 'member@e2e.test', 'Member@12345');
  await expectSelection(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'HR', level: 1 })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('font-family', /system-ui/);
  await expect(page.locator('.card')).toHaveCSS('border-top-left-radius', '10px');
  await expect(page.getByRole('link', { name: 'Back to the workspace' })).toHaveCSS('background-color', 'rgb(79, 70, 229)');
});
