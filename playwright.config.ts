import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { startMailService } from './tests/e2e/mail-service';
import { startDnsService } from './tests/e2e/dns-service';
import { startSamlService } from './tests/e2e/saml-service';
import { ENTRA_E2E, startEntraService } from './tests/e2e/entra-service';
import { trustTestCaInChildProcesses } from './tests/oidc/test-ca';
import { chromiumLaunchOptions } from './tests/chromium';

// End-to-end: real Chromium (Debian's, since Playwright's own download is not reachable here) against the
// server `npm start` runs, with the test seed and a fresh data directory per run.
const port = Number(process.env.E2E_PORT ?? 3390);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'suite-portal-e2e-'));
// The release folder the server serves and reads the download links from; downloads.spec.ts fills and empties it.
process.env.E2E_UPDATES_DIR ??= mkdtempSync(join(tmpdir(), 'suite-portal-e2e-updates-'));
export const baseURL = `http://127.0.0.1:${port}`;

// Real mail: an SMTP receiver on a fixed port next to the server's, started here in the runner's main process
// (workers load this file too, and the web server starts before globalSetup, so neither place would do). The specs
// read what arrived through a small HTTP endpoint on the port after it. See tests/e2e/README.md.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
process.env.E2E_MAIL_PORT ??= String(smtpPort + 1);
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_MAIL_STARTED) {
  process.env.E2E_MAIL_STARTED = '1';
  startMailService(smtpPort, Number(process.env.E2E_MAIL_PORT));
}

// Microsoft sign-in: an oidc-provider standing in for Entra (tests/oidc), over HTTPS with the run's test CA, on the
// server's port + 2000 (5692 for E2E_PORT=3692). The server trusts the CA through NODE_EXTRA_CA_CERTS.
const entraPort = Number(process.env.E2E_ENTRA_PORT ?? port + 2000);
const testCertificates = trustTestCaInChildProcesses();
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_ENTRA_STARTED) {
  process.env.E2E_ENTRA_STARTED = '1';
  startEntraService(entraPort, baseURL, testCertificates);
}

// Verified domains: the DNS server the portal checks TXT records with (DNS_SERVERS), on UDP at the server's port + 3000,
// its records in a file the specs write (tests/e2e/dns-service.ts).
const dnsPort = Number(process.env.E2E_DNS_PORT ?? port + 3000);
process.env.E2E_DNS_RECORDS ??= join(mkdtempSync(join(tmpdir(), 'suite-portal-e2e-dns-')), 'records.json');
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_DNS_STARTED) {
  process.env.E2E_DNS_STARTED = '1';
  startDnsService(dnsPort, process.env.E2E_DNS_RECORDS);
}

// Company sign-in over SAML: the stand-in identity provider (tests/saml) on HTTP at the server's port + 4000.
const samlPort = Number(process.env.E2E_SAML_PORT ?? port + 4000);
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_SAML_STARTED) {
  process.env.E2E_SAML_STARTED = '1';
  startSamlService(samlPort);
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/portal-config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_FILE: 'tests/e2e/fixtures/seed.json',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      UPDATES_DIR: process.env.E2E_UPDATES_DIR,
      // The menu's configured links (menu.spec.ts); the stand-in sites are served by route handlers in the specs.
      HELP_VIDEO_URL: 'https://videos.example.com/watch?v=suite-intro',
      DOCUMENTS_URL: 'https://docs.example.com/suite-portal',
      SUPPORT_CONTACT: 'https://help.example.com/desk',
      // The pages are opened on 127.0.0.1; console-logging.spec.ts opens http://localhost:{port} as the production host.
      PRODUCTION_HOST: 'localhost',
      MS_CLIENT_ID: ENTRA_E2E.clientId,
      MS_CLIENT_SECRET: ENTRA_E2E.clientSecret,
      MS_AUTHORITY: `https://localhost:${entraPort}`,
      NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS!,
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    },
  },
});
