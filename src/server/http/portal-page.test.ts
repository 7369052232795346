import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePortalConfig, PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../shared/protocol';
import { portalPage, withPortalConfig } from './portal-page';

const BUILT = `<!doctype html>
<html lang="en">
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
  productionHost: null,
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
    app.get(/.*/, portalPage(indexFile, CONFIG));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

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
});
