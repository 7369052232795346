import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { embeddedPortalConfig, fetchPortalConfig } from './portal-config';

const VALID = {
  productUrls: {
    hrms: 'https://hr.example.com',
    chat: 'https://chat.example.com',
    pms: 'https://pms.example.com',
    payroll: 'https://payroll.example.com',
    survey: 'https://survey.example.com',
    recruit: 'https://recruit.example.com',
    assets: 'https://assets.example.com',
    performance: 'https://performance.example.com',
  },
  trackUrl: 'https://track.example.com',
  cookieDomain: null,
  publicUrl: 'https://portal.example.com',
  helpVideoUrl: null,
  documentsUrl: null,
  support: { email: 'help@example.com' },
  consoleLogging: false,
  microsoftSignIn: true,
};

const reply = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('fetchPortalConfig', () => {
  it('asks the server origin for /portal-config.json and returns the validated config', async () => {
    const fetchImpl = reply(VALID);
    await expect(fetchPortalConfig('https://portal.example.com', fetchImpl)).resolves.toEqual(VALID);
    expect(fetchImpl).toHaveBeenCalledWith('https://portal.example.com/portal-config.json', expect.anything());
  });

  it('rejects a config missing a product host', async () => {
    const { productUrls, ...rest } = VALID;
    const { hrms: _hrms, ...withoutHr } = productUrls;
    await expect(fetchPortalConfig('', reply({ ...rest, productUrls: withoutHr }))).rejects.toThrow('not valid');
  });

  it('rejects an error status', async () => {
    await expect(fetchPortalConfig('', reply({}, 503))).rejects.toThrow('HTTP 503');
  });
});

describe('embeddedPortalConfig', () => {
  const page = (head: string) => new JSDOM(`<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`).window.document;
  const block = (text: string) => `<script type="application/json" id="portal-config">${text}</script>`;

  it('reads the config the server wrote into the page', () => {
    expect(embeddedPortalConfig(page(block(JSON.stringify(VALID))))).toEqual(VALID);
  });

  it('is null for a page without one (the desktop apps, the service worker’s copy)', () => {
    expect(embeddedPortalConfig(page(''))).toBeNull();
    expect(embeddedPortalConfig(page(block('')))).toBeNull();
  });

  it('is null for one that is not JSON or not a portal config, so start-up fetches it instead', () => {
    expect(embeddedPortalConfig(page(block('{"productUrls":')))).toBeNull();
    expect(embeddedPortalConfig(page(block(JSON.stringify({ ...VALID, publicUrl: 'javascript:alert(1)' }))))).toBeNull();
  });
});
