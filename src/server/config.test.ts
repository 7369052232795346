import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a sensible default for every variable', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/portal/.data',
      databaseUrl: null,
      seedFile: null,
      smtpUrl: null,
      cookieDomain: null,
      trustProxy: { kind: 'none' },
      payloadKey: null,
      redisUrl: null,
    });
    expect(config.productUrls.hrms).toBe('http://localhost:3000/products/hrms');
    expect(config.trackUrl).toBe('http://localhost:3000/products/track');
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://portal.example.com/',
        DATABASE_URL: 'postgres://db.internal/portal',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        COOKIE_DOMAIN: '.example.com',
        PRODUCT_URL_HRMS: 'https://hr.example.com',
        PRODUCT_URL_TRACK: 'https://track.example.com',
      },
      '/srv',
    );
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.productUrls.hrms).toBe('https://hr.example.com');
    expect(config.productUrls.chat).toBe('https://portal.example.com/products/chat');
    expect(config.trackUrl).toBe('https://track.example.com');
    expect(config.cookieDomain).toBe('.example.com');
  });

  it('stops with a message naming each bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'ftp://x', PRODUCT_URL_PAYROLL: 'not a url', SEED_FILE: '/nope/seed.json', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'PUBLIC_URL', 'PRODUCT_URL_PAYROLL', 'SEED_FILE', 'TRUST_PROXY']) expect(problems).toContain(`${name}:`);
    expect(problems).not.toContain('HOST:');
  });

  it('reads the menu and download links, the support contact and the production host', () => {
    const config = loadConfig(
      {
        MOBILE_LINK_ANDROID_CHAT: 'https://play.google.com/store/apps/details?id=com.suite.chat',
        MOBILE_LINK_IOS_PMS: 'https://apps.apple.com/app/id123456789',
        HELP_VIDEO_URL: 'https://videos.example.com/watch?v=intro',
        DOCUMENTS_URL: 'https://docs.example.com/',
        SUPPORT_CONTACT: 'help@example.com',
        PRODUCTION_HOST: 'Portal.Example.com',
      },
      '/srv',
    );
    expect(config.mobileLinks).toEqual({
      androidChat: 'https://play.google.com/store/apps/details?id=com.suite.chat',
      androidHRMS: null,
      androidPMS: null,
      iosChat: null,
      iosHRMS: null,
      iosPMS: 'https://apps.apple.com/app/id123456789',
    });
    expect(config).toMatchObject({ helpVideoUrl: 'https://videos.example.com/watch?v=intro', documentsUrl: 'https://docs.example.com/', support: { email: 'help@example.com' }, productionHost: 'portal.example.com' });
    expect(loadConfig({ SUPPORT_CONTACT: 'https://help.example.com/desk' }, '/srv').support).toEqual({ url: 'https://help.example.com/desk' });
    expect(loadConfig({}, '/srv')).toMatchObject({ helpVideoUrl: null, documentsUrl: null, support: null, productionHost: null });
  });

  it('refuses links that are not web addresses, a support contact that is neither mail nor web, and a host with a path', () => {
    let error: unknown;
    try {
      loadConfig({ MOBILE_LINK_IOS_CHAT: 'itms://apps', HELP_VIDEO_URL: 'https://user:pw@videos.example.com', SUPPORT_CONTACT: 'call us', PRODUCTION_HOST: 'portal.example.com/app' }, '/srv');
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual(['MOBILE_LINK_IOS_CHAT', 'HELP_VIDEO_URL', 'SUPPORT_CONTACT', 'PRODUCTION_HOST']);
  });

  it('reads MFA_KEY as 32 bytes of base64 and never echoes a bad one', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ MFA_KEY: key.toString('base64') }, '/srv').mfaKey).toEqual(key);
    expect(loadConfig({}, '/srv').mfaKey).toBeNull();
    let error: unknown;
    try {
      loadConfig({ MFA_KEY: Buffer.alloc(16, 9).toString('base64') }, '/srv');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(['MFA_KEY: must be the base64 of 32 bytes']);
  });

  it('reads TRUST_PROXY as a number of proxy hops or the proxies\' addresses, and refuses the ambiguous `true`', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, '/srv').trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/srv').trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }, '/srv').trustProxy).toEqual({ kind: 'addresses', addresses: ['loopback', '10.0.0.0/8'] });
    for (const bad of ['true', 'maybe', '10.0.0.0/99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, '/srv'), bad).toThrow(/TRUST_PROXY: must be the number of proxies/);
    }
  });

  it('reads DNS_SERVERS as resolver addresses with optional ports (the system resolver without it), never host names', () => {
    expect(loadConfig({}, '/srv').dnsServers).toBeNull();
    expect(loadConfig({ DNS_SERVERS: '10.0.0.53, 127.0.0.1:5353, ::1, [::1]:53' }, '/srv').dnsServers).toEqual(['10.0.0.53', '127.0.0.1:5353', '::1', '[::1]:53']);
    for (const bad of ['dns.example.com', '10.0.0.53:0', '10.0.0.53:70000', '[10.0.0.53]:53', '10.0.0.53,']) {
      expect(() => loadConfig({ DNS_SERVERS: bad }, '/srv'), bad).toThrow(/DNS_SERVERS: must be up to 8 resolver addresses/);
    }
  });

  it('reads PAYLOAD_KEY and REDIS_URL without ever echoing them', () => {
    const key = Buffer.alloc(32, 3);
    const config = loadConfig({ PAYLOAD_KEY: key.toString('base64'), REDIS_URL: 'redis://:secret@cache.internal:6379' }, '/srv');
    expect(config.payloadKey).toEqual(key);
    expect(config.redisUrl).toBe('redis://:secret@cache.internal:6379');
    let error: unknown;
    try {
      loadConfig({ PAYLOAD_KEY: 'short', REDIS_URL: 'http://secret@cache' }, '/srv');
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual(['PAYLOAD_KEY: must be the base64 of 32 bytes', 'REDIS_URL: must be a redis:// or rediss:// URL']);
  });

  it('leaves Microsoft sign-in off without MS_CLIENT_ID, and defaults the authority to the organizations tenant', () => {
    expect(loadConfig({}, '/srv').microsoft).toBeNull();
    expect(loadConfig({ MS_CLIENT_ID: '11111111-2222-3333-4444-555555555555', MS_CLIENT_SECRET: 's3cret' }, '/srv').microsoft).toEqual({
      clientId: '11111111-2222-3333-4444-555555555555',
      clientSecret: 's3cret',
      tenant: 'organizations',
      authority: 'https://login.microsoftonline.com/organizations/v2.0',
    });
    expect(loadConfig({ MS_CLIENT_ID: 'portal', MS_TENANT: 'contoso.onmicrosoft.com' }, '/srv').microsoft?.authority).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
    );
    // Any OpenID provider's issuer: national clouds, the tests' stand-in.
    expect(loadConfig({ MS_CLIENT_ID: 'portal', MS_AUTHORITY: 'https://login.microsoftonline.us/contoso/v2.0/' }, '/srv').microsoft).toMatchObject({
      clientSecret: null,
      authority: 'https://login.microsoftonline.us/contoso/v2.0',
    });
  });

  it('refuses an authority that is not https, a bad tenant, and never echoes the client secret', () => {
    let error: unknown;
    try {
      loadConfig({ MS_CLIENT_ID: 'portal', MS_CLIENT_SECRET: ' ', MS_TENANT: 'a/b', MS_AUTHORITY: 'http://idp.example.com' }, '/srv');
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['MS_TENANT', 'MS_AUTHORITY']);
    expect(problems[1]).toContain('https issuer URL');
    expect(() => loadConfig({ MS_CLIENT_SECRET: '' }, '/srv')).not.toThrow();
    try {
      loadConfig({ MS_CLIENT_ID: 'bad id with spaces', MS_AUTHORITY: 'https://idp.example.com/.well-known/openid-configuration' }, '/srv');
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual(['MS_CLIENT_ID', 'MS_AUTHORITY']);
  });
});
