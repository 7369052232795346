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
      trustProxy: false,
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
});
