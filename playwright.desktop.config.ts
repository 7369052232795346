import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';

// The desktop shell's specs, apart from the web ones (playwright.config.ts) so both can run side by side:
// - renderer-*.spec.ts: the desktop renderer build in Chromium with a test-double bridge, against a real server;
// - electron-*.spec.ts: the real Electron app, run only where an Electron binary exists (ELECTRON_BINARY).
const port = Number(process.env.E2E_PORT ?? 3392);
const rendererPort = Number(process.env.E2E_RENDERER_PORT ?? port + 1);
process.env.E2E_DESKTOP_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'suite-portal-desktop-'));
// An update feed for the Electron specs' update prompt: the server hosts it from UPDATES_DIR like any release folder.
const updatesDir = mkdtempSync(join(tmpdir(), 'suite-portal-updates-'));
for (const flavor of ['chat', 'track']) {
  mkdirSync(join(updatesDir, flavor));
  const feed = `version: 99.0.0\nfiles:\n  - url: Suite-${flavor}-99.0.0.AppImage\n    sha512: AAAA\n    size: 4\npath: Suite-${flavor}-99.0.0.AppImage\nsha512: AAAA\nreleaseDate: '2026-11-22T00:00:00.000Z'\n`;
  for (const name of ['latest.yml', 'latest-mac.yml', 'latest-linux.yml']) writeFileSync(join(updatesDir, flavor, name), feed);
}
export const serverURL = `http://127.0.0.1:${port}`;
export const rendererURL = `http://127.0.0.1:${rendererPort}`;
process.env.E2E_SERVER_URL = serverURL;

export default defineConfig({
  testDir: 'tests/desktop',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: rendererURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'desktop', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The account server alone (the web portal is not needed), from its TypeScript sources through tsx.
      command: 'npx tsx src/server/main.ts',
      url: `${serverURL}/portal-config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: serverURL,
        DATA_DIR: process.env.E2E_DESKTOP_DATA_DIR,
        SEED_FILE: 'tests/e2e/fixtures/seed.json',
        UPDATES_DIR: updatesDir,
        // Shows "Login With Microsoft" (main's popup is played by the bridge double; the provider is never called).
        MS_CLIENT_ID: 'desktop-spec-client',
      },
    },
    {
      // The desktop build (main, preload and the desktop renderer), then its renderer served like app:// serves it.
      command: 'npx electron-vite build && npx tsx tests/desktop/serve-renderer.ts',
      url: `${rendererURL}/index.html`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { RENDERER_PORT: String(rendererPort), PORTAL_SERVER_URL: serverURL },
    },
  ],
});
