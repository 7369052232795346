import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_SHELLS_FILE, parsePortalConfig, PORTAL_CONFIG_ELEMENT_ID, type LoginShells, type PortalConfig } from '../../shared/protocol';
import { consoleLoggingAt } from './console-logging';
import { portalPage, withLoginShell, withPortalConfig } from './portal-page';

const BUILT = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <link rel="preload" href="/portal-config.json" as="fetch" crossorigin="anonymous">

    <meta charset="UTF-8" />
    <title>Suite Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const product = (name: string) => `https://${name}.acme.test`;
const CONFIG: PortalConfig = {
  productUrls: { hrms: product('hr'), chat: product('chat'), pms: product('pm'), payroll: product('payroll'), survey: product('survey'), recruit: product('jobs'), assets: product('assets'), performance: product('perf') },
  trackUrl: product('track'),
  cookieDomain: '.acme.test',
  publicUrl: 'https://portal.acme.test',
  // A value that would end the element and run a script if it were written in as it is.
  helpVideoUrl: 'https://video.acme.test/a</script><script>alert(1)</script><!--',
  documentsUrl: null,
  support: { email: 'help@acme.test' },
  consoleLogging: true,
  microsoftSignIn: true,
};

/** The config as the renderer reads it: the element's text through the HTML parser. */
function embedded(html: string): unknown {
  const { document } = new JSDOM(html).window;
  const element = document.getElementById(PORTAL_CONFIG_ELEMENT_ID);
  expect(element?.getAttribute('type')).toBe('application/json');
  return JSON.parse(element!.textContent!);
}

describe('the portal page with its config written in', () => {
  it('carries the config exactly, as a data block a value cannot break out of', () => {
    const page = withPortalConfig(BUILT, CONFIG);
    expect(embedded(page)).toEqual(CONFIG);
    expect(parsePortalConfig(embedded(page))).toEqual(CONFIG);
    const { document } = new JSDOM(page).window;
    // Two scripts: the block and the app's module; nothing else became a script or a comment.
    expect([...document.scripts].map((script) => script.type || 'classic')).toEqual(['module', 'application/json']);
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('drops the preload of /portal-config.json and keeps the rest of the build', () => {
    const page = withPortalConfig(BUILT, CONFIG);
    expect(page).not.toContain('rel="preload"');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page.startsWith('<!doctype html>')).toBe(true);
  });

  it('refuses a build without a head rather than send a page without its config', () => {
    expect(() => withPortalConfig('<p>no head</p>', CONFIG)).toThrow(/no <\/head>/);
  });
});

describe('serving it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suite-portal-page-'));
  const indexFile = join(dir, 'index.html');
  let base = '';
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const app = express();
    app.get(/.*/, portalPage(dir, CONFIG, (req) => consoleLoggingAt(req.hostname, null)));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  const shellsFile = join(dir, LOGIN_SHELLS_FILE);
  let shellsWritten = 0;
  const writeShells = (shells: LoginShells | string) => {
    writeFileSync(shellsFile, typeof shells === 'string' ? shells : JSON.stringify(shells));
    // Each write a later time stamp: a rebuild within the file system's resolution still counts as a change.
    shellsWritten += 1;
    utimesSync(shellsFile, new Date(), new Date(Date.now() + 10_000 * shellsWritten));
  };
  const rootOf = async (path: string) => new JSDOM(await (await fetch(`${base}${path}`)).text()).window.document.getElementById('root')?.innerHTML;

  it('says how to build the portal while there is no build', async () => {
    const response = await fetch(`${base}/login`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/npm run build:web/);
  });

  it('sends the page for any path, revalidated, and the new build once it is written', async () => {
    writeFileSync(indexFile, BUILT);
    const first = await fetch(`${base}/acme/preboarding/login`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const html = await first.text();
    expect(embedded(html)).toEqual(CONFIG);
    expect(html).toContain('index-abc.js');

    writeFileSync(indexFile, BUILT.replace('index-abc.js', 'index-def.js'));
    // A rebuild within the file system's timestamp resolution still counts as a change.
    utimesSync(indexFile, new Date(), new Date(Date.now() + 5_000));
    const rebuilt = await (await fetch(`${base}/login`)).text();
    expect(rebuilt).toContain('index-def.js');
    expect(embedded(rebuilt)).toEqual(CONFIG);
  });

  it('answers 404 with the page for a path the portal has no screen for, and keeps non-entry pages out of indexes', async () => {
    writeFileSync(indexFile, BUILT);
    for (const path of ['/no/such/page', '/robots', '/acme/preboarding/elsewhere', '/workspace/extra', '/reset', '/login/extra']) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      // Still the app, whose router shows 'OOPS! PAGE NOT FOUND'.
      expect(embedded(await response.text())).toEqual(CONFIG);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex');
    }
    for (const path of ['/', '/login', '/login/', '/acme/login', '/acme/preboarding/register', '/downloads']) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status, robots: response.headers.get('x-robots-tag') }).toEqual({ path, status: 200, robots: null });
    }
    const pages = ['/workspace', '/account', '/account/sessions', '/admin/acme/members', '/reset/abc', '/acme/preboarding/reset/abc', '/invite-client/t', '/authorize?client_id=x', '/sso/complete', '/auth/ms/callback?code=x'];
    for (const path of pages) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status, robots: response.headers.get('x-robots-tag') }).toEqual({ path, status: 200, robots: 'noindex' });
    }
  });

  it('sends /login with the prerendered sign-in screen in it, only to a visitor who is not signed in', async () => {
    writeFileSync(indexFile, BUILT);
    // The Microsoft variant: CONFIG has Microsoft sign-in configured.
    writeShells({
      plain: '<div data-prerendered=""><h1>Sign In</h1></div>',
      microsoft: '<div data-prerendered=""><h1>Sign In</h1><button>Login With Microsoft</button></div>',
      title: 'Sign In · Suite Portal',
    });
    const page = async (path: string, cookie?: string) => {
      const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
      return { vary: response.headers.get('vary'), document: new JSDOM(await response.text()).window.document };
    };
    const anonymous = await page('/login?redirect=%2Fworkspace');
    expect(anonymous.document.querySelector('#root > [data-prerendered] h1')?.textContent).toBe('Sign In');
    expect(anonymous.document.querySelector('#root button')?.textContent).toBe('Login With Microsoft');
    // The tab names the screen before any script has run.
    expect(anonymous.document.title).toBe('Sign In · Suite Portal');
    // The page stays what it was otherwise: config, scripts.
    expect(embedded(anonymous.document.documentElement.outerHTML)).toEqual(CONFIG);
    expect(anonymous.vary).toMatch(/cookie/i);
    expect(anonymous.vary).toMatch(/user-agent/i);
    // Sign-up is offered in a browser, and hidden from the first paint in one embedded in a mobile app.
    expect(anonymous.document.getElementById('root')?.hasAttribute('data-in-app-browser')).toBe(false);
    const instagram = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 353.0.0.24.82';
    const inApp = new JSDOM(await (await fetch(`${base}/login`, { headers: { 'user-agent': instagram } })).text()).window.document;
    expect(inApp.getElementById('root')?.hasAttribute('data-in-app-browser')).toBe(true);
    expect(inApp.querySelector('#root > [data-prerendered] h1')?.textContent).toBe('Sign In');
    // Another cookie is not a session.
    expect((await page('/login', 'ubs_email=a%40b.test; theme=dark')).document.querySelector('#root')?.children).toHaveLength(1);

    // Signed in, /login passes the visitor on: no form to flash first. An emptied cookie is no session.
    const signedIn = (await page('/login', 'theme=dark; ubs_token=abc123')).document;
    expect(signedIn.querySelector('#root')?.children).toHaveLength(0);
    expect(signedIn.title).toBe('Suite Portal');
    expect((await page('/login', 'ubs_token=')).document.querySelector('#root')?.children).toHaveLength(1);
    // Other screens render in the browser, as before.
    for (const path of ['/', '/register', '/acme/login', '/login/']) {
      const { document } = await page(path);
      expect(document.querySelector('#root')?.children, path).toHaveLength(0);
      expect(document.title, path).toBe('Suite Portal');
    }
  });

  it('writes console logging in as off for a page asked for on a deployment\'s host, on at localhost, the rest the same', async () => {
    writeFileSync(indexFile, BUILT);
    writeShells({ plain: '<h1>Sign In</h1>', microsoft: '<h1>Sign In</h1><button>Login With Microsoft</button>', title: 'Sign In · Suite Portal' });
    const pageAt = (path: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        get(`${base}${path}`, { headers: { host } }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve(body));
        }).on('error', reject);
      });
    for (const path of ['/login', '/workspace']) {
      expect(embedded(await pageAt(path, 'portal.example.com')), path).toEqual({ ...CONFIG, consoleLogging: false });
      expect(embedded(await pageAt(path, 'localhost:3000')), path).toEqual({ ...CONFIG, consoleLogging: true });
    }
    const deployed = new JSDOM(await pageAt('/login', 'portal.example.com')).window.document;
    expect(deployed.querySelector('#root button')?.textContent).toBe('Login With Microsoft');
  });

  it('makes every page in the language of the ubs_lang cookie, else of Accept-Language, and /login prerendered in it', async () => {
    writeFileSync(indexFile, BUILT);
    writeShells({
      plain: '<div><h1>Sign In</h1></div>',
      microsoft: '<div><h1>Sign In</h1><button>Login With Microsoft</button></div>',
      title: 'Sign In · Suite Portal',
      languages: {
        hi: { plain: '<div><h1>साइन इन करें</h1></div>', microsoft: '<div><h1>साइन इन करें</h1><button>Microsoft से लॉगिन करें</button></div>', title: 'साइन इन करें · Suite Portal' },
        ur: { plain: '<div><h1>سائن اِن کریں</h1></div>', microsoft: '<div><h1>سائن اِن کریں</h1><button>Microsoft کے ساتھ لاگ اِن کریں</button></div>', title: 'سائن اِن کریں · Suite Portal' },
      },
    });
    const page = async (path: string, headers: Record<string, string>) => {
      const response = await fetch(`${base}${path}`, { headers });
      return { vary: response.headers.get('vary'), document: new JSDOM(await response.text()).window.document };
    };
    const hindi = await page('/login', { 'accept-language': 'fr-FR;q=0.9, hi-IN, en;q=0.5' });
    expect(hindi.document.documentElement.lang).toBe('hi');
    expect(hindi.document.documentElement.dir).toBe('ltr');
    expect(hindi.document.querySelector('#root h1')?.textContent).toBe('साइन इन करें');
    expect(hindi.document.title).toBe('साइन इन करें · Suite Portal');
    expect(hindi.vary).toMatch(/accept-language/i);
    // The remembered choice wins over the browser's languages.
    const urdu = await page('/login', { 'accept-language': 'hi', cookie: 'theme=dark; ubs_lang=ur' });
    expect([urdu.document.documentElement.lang, urdu.document.documentElement.dir]).toEqual(['ur', 'rtl']);
    expect(urdu.document.querySelector('#root button')?.textContent).toBe('Microsoft کے ساتھ لاگ اِن کریں');
    // Other pages carry the language too; a language the portal does not speak, or none, is English.
    const forgot = await page('/forgot-password', { 'accept-language': 'ta-IN,ta;q=0.9' });
    expect(forgot.document.documentElement.lang).toBe('ta');
    expect(forgot.vary).toMatch(/accept-language/i);
    for (const headers of [{ 'accept-language': 'fr, de;q=0.8' }, { 'accept-language': 'hi;q=0, en' }, { cookie: 'ubs_lang=xx' }, {}] as Record<string, string>[]) {
      const english = await page('/login', headers);
      expect(english.document.documentElement.lang, JSON.stringify(headers)).toBe('en');
      expect(english.document.querySelector('#root h1')?.textContent).toBe('Sign In');
    }
    // A language the build has no prerendered screen for (an older build): the page, rendered by the browser.
    writeShells({ plain: '<div><h1>Sign In</h1></div>', microsoft: '<div><h1>Sign In</h1></div>', title: 'Sign In · Suite Portal' });
    const bengali = await page('/login', { 'accept-language': 'bn' });
    expect(bengali.document.documentElement.lang).toBe('bn');
    expect(bengali.document.querySelector('#root')?.children).toHaveLength(0);
  });

  it('sends /login without a prerendered screen where the build has none or it cannot be read', async () => {
    writeFileSync(indexFile, BUILT);
    writeShells('{"plain": 1');
    expect(await rootOf('/login')).toBe('');
    writeShells({ plain: '<p>plain</p>' } as unknown as LoginShells);
    expect(await rootOf('/login')).toBe('');
    // A build from before titles: the screen, under the page's own title.
    writeShells({ plain: '<p>plain</p>', microsoft: '<p>microsoft</p>' } as unknown as LoginShells);
    const page = new JSDOM(await (await fetch(`${base}/login`)).text()).window.document;
    expect(page.getElementById('root')?.innerHTML).toBe('<p>microsoft</p>');
    expect(page.title).toBe('Suite Portal');
  });
});

describe('the prerendered screen in the page', () => {
  it('goes inside React\'s container and nowhere else', () => {
    const shell = { markup: '<main><title>Not this</title>shell</main>', title: 'Sign In · <Suite> & $& Portal' };
    const page = withLoginShell(withPortalConfig(BUILT, CONFIG), shell);
    const { document } = new JSDOM(page).window;
    expect(document.getElementById('root')?.innerHTML).toBe('<main><title>Not this</title>shell</main>');
    expect(embedded(page)).toEqual(CONFIG);
    // The head's title is the one replaced, as text.
    expect(document.head.querySelector('title')?.textContent).toBe('Sign In · <Suite> & $& Portal');
    expect(withLoginShell('<div id="app"></div>', shell)).toBe('<div id="app"></div>');
  });
});
