import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, since Playwright's own browser download is not reachable here; CHROMIUM_PATH names another.
 * The flags keep it from calling out to a network this machine does not have.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
