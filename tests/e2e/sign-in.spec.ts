import { expect, test } from '@playwright/test';
import { expectSelection, signIn } from './helpers';

test.describe('sign-in', () => {
  test('/ goes to the sign-in screen with the brand panel', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('button', { name: 'Login With Microsoft' })).toBeVisible();
  });

  test('the first thing /login shows is the sign-in screen, with the settings the page carries', async ({ page }) => {
    // What #root holds once the page is parsed, before any of the app's scripts has run, and everything it held after.
    await page.addInitScript(() => {
      const seen = window as unknown as { parsed?: string; parsedTitle?: string; screens: string[] };
      seen.screens = [];
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        seen.parsed = document.getElementById('root')?.textContent ?? '';
        seen.parsedTitle = document.title;
      });
      new MutationObserver(() => seen.screens.push(document.getElementById('root')?.textContent ?? '')).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/portal-config.json') configRequests.push(request.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    // Microsoft sign-in is configured for the e2e server: the page's settings say so without a request.
    await expect(page.getByRole('button', { name: 'Login With Microsoft' })).toBeVisible();
    const { parsed, parsedTitle, screens } = await page.evaluate(() => {
      const seen = window as unknown as { parsed?: string; parsedTitle?: string; screens: string[] };
      return { parsed: seen.parsed, parsedTitle: seen.parsedTitle, screens: seen.screens };
    });
    // The page arrives with the screen and its title in it (prerendered by the build), and never shows a boot screen.
    expect(parsed).toContain('Welcome back. Sign in to continue.');
    expect(parsedTitle).toBe('Sign In · Suite Portal');
    expect(parsed).toContain('Login With Microsoft');
    expect(screens.filter((text) => text.includes('Loading'))).toEqual([]);
    expect(configRequests).toEqual([]);
    // React took the page over as it was (main.tsx logs a page it had to render again).
    await expect(page).toHaveTitle('Sign In · Suite Portal');
    expect(warnings.filter((text) => text.includes('rendered again'))).toEqual([]);
  });

  test('what is typed before the scripts have run is kept, an early Enter sends nothing, and nothing moves when they take over', async ({ page }) => {
    await page.addInitScript(() => {
      type Shift = { startTime: number; value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      const seen = window as unknown as { shifts: string[]; titleSets: number };
      seen.shifts = [];
      // Each time something sets the document's title (even to the same text, the <title> element's text is replaced):
      // the app does once it has the page (app-chrome.tsx, in an effect after hydration).
      seen.titleSets = 0;
      new MutationObserver((records) => {
        seen.titleSets += records.filter((record) => record.target.nodeName === 'TITLE').length;
      }).observe(document, { childList: true, subtree: true });
      const describe = (node: Node | null) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName));
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[])
          seen.shifts.push(
            `${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)}: ${entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`).join('; ')}`,
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Hold the app's entry script until the visitor has typed.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    // Not 'domcontentloaded': that waits for the held module script.
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email address or user name').fill('admin@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('Admin@12345');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForTimeout(300);
    // Not sent as a plain form: no navigation, and the password is in no address.
    await expect(page).toHaveURL(/\/login$/);
    expect(urls.filter((url) => url.includes('Admin%4012345') || url.includes('password='))).toEqual([]);
    // The tab already names the screen.
    expect(await page.title()).toBe('Sign In · Suite Portal');

    // What moves from here is the scripts' doing. (Before, a frame may show the page half parsed: the browser's doing.)
    await page.evaluate(() => Object.assign(window, { shifts: [], titleSets: 0 }));
    release();
    await expect.poll(() => page.evaluate(() => (window as unknown as { titleSets: number }).titleSets)).toBeGreaterThan(0);
    await expect(page.getByLabel('Email address or user name')).toHaveValue('admin@e2e.test');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Admin@12345');
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectSelection(page);
  });

  test('shows the validation messages and does not submit an incomplete form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Required*')).toHaveCount(2);
    await page.getByLabel('Email address or user name').fill('admin@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows a wrong password under the field, the same as an unknown account, and clears it after 5 s', async ({ page }) => {
    await signIn(page, 'admin@e2e.test', 'Wrong@12345');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid email, user name or password.');
    await page.getByLabel('Email address or user name').fill('ghost@e2e.test');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(alert).toHaveText('Invalid email, user name or password.');
    await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 8_000 });
  });

  test('toggles the password between hidden and shown', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Admin@12345');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('signs in by user name and sets the 90-day token cookie', async ({ page, context }) => {
    await signIn(page, 'E2E.Admin', 'Admin@12345');
    await expectSelection(page);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'ubs_token');
    expect(token?.value).toBeTruthy();
    const days = ((token?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);
  });

  test('talks to the server over a WebSocket, with no HTTP long-polling first (no sticky sessions needed)', async ({ page }) => {
    const polling: string[] = [];
    const sockets: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('transport=polling')) polling.push(request.url());
    });
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await signIn(page, 'E2E.Admin', 'Admin@12345');
    await expectSelection(page);
    expect(sockets.some((url) => url.includes('/socket.io/') && url.includes('transport=websocket'))).toBe(true);
    expect(polling).toEqual([]);
  });

  test('a signed-in user opening /login goes to /workspace', async ({ page }) => {
    await signIn(page, 'admin@e2e.test', 'Admin@12345');
    await expectSelection(page);
    await page.goto('/login');
    await expectSelection(page);
  });

  test('a forced password change leads to Change Password, and the guard keeps the user there', async ({ page }) => {
    await signIn(page, 'newhire@e2e.test', 'Welcome@12345');
    await expect(page).toHaveURL(/\/change-password$/);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/change-password$/);
  });

  test('shows the company name and logo on /{orgId}/login', async ({ page }) => {
    await page.goto('/acme/login');
    await expect(page.getByText('Acme Corporation').first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Acme Corporation' })).toBeVisible();
  });

  test('a revoked or unknown token logs the user out to /login', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'ubs_token', value: 'not-a-real-token', url: baseURL! }]);
    await page.goto('/workspace');
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'ubs_token')).toBeUndefined();
  });

  test('Logout ends the session on the server: the old token no longer opens the workspace', async ({ page, context, baseURL }) => {
    await signIn(page, 'admin@e2e.test', 'Admin@12345');
    await expectSelection(page);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'ubs_token')!.value;
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The focus starts at the sign-in heading, not on <body> (issue 24).
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeFocused();
    // Logout reloads the page; a fresh tab keeps that reload from racing the next navigation.
    await page.close();
    await context.addCookies([{ name: 'ubs_token', value: token, url: baseURL! }]);
    const next = await context.newPage();
    await next.goto('/workspace');
    await expect(next).toHaveURL(/\/login$/);
  });
});

test('an unknown path shows the 404 page with a Login button, answered 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'OOPS! PAGE NOT FOUND' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('/login still shows the sign-in screen, and says at the top that signing in needs JavaScript', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveTitle('Sign In · Suite Portal');
    await expect(page.getByRole('alert')).toHaveText('Suite Portal needs JavaScript to sign you in.');
    await expect(page.getByRole('alert')).toBeInViewport();
  });

  test('/login offers sign-up in a phone\'s browser and not in one embedded in a mobile app, before any script has run', async ({ browser }) => {
    const cases = [
      { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', signUp: true },
      { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 353.0.0.24.82', signUp: false },
    ];
    for (const { ua, signUp } of cases) {
      const context = await browser.newContext({ javaScriptEnabled: false, userAgent: ua, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign Up' }), ua).toHaveCount(signUp ? 1 : 0);
      await context.close();
    }
  });
});
