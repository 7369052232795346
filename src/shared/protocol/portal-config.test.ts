import { describe, expect, it } from 'vitest';
import { PRODUCT_KEYS } from '../products';
import { parsePortalConfig } from './portal-config';

const productUrls = Object.fromEntries(PRODUCT_KEYS.map((key) => [key, `https://${key}.example.com`]));
const MINIMAL = { productUrls, trackUrl: 'https://track.example.com', cookieDomain: null, publicUrl: 'https://portal.example.com' };

describe('parsePortalConfig', () => {
  it('gives the fields added later their defaults when an older server leaves them out', () => {
    expect(parsePortalConfig(MINIMAL)).toEqual({
      ...MINIMAL,
      helpVideoUrl: null,
      documentsUrl: null,
      support: null,
      consoleLogging: true,
      microsoftSignIn: false,
    });
  });

  it('keeps every field of a full config and drops unknown keys', () => {
    const full = {
      ...MINIMAL,
      cookieDomain: '.example.com',
      helpVideoUrl: 'https://video.example.com/help',
      documentsUrl: 'http://docs.example.com',
      support: { url: 'https://support.example.com' },
      consoleLogging: false,
      microsoftSignIn: true,
    };
    expect(parsePortalConfig({ ...full, somethingNew: 1 })).toEqual(full);
    expect(parsePortalConfig({ ...full, support: { email: 'help@example.com' } })?.support).toEqual({ email: 'help@example.com' });
  });

  it.each([
    ['not an object', null],
    ['an array', [MINIMAL]],
    ['a product host missing', { ...MINIMAL, productUrls: { ...productUrls, hrms: undefined } }],
    ['a product host that is not a web address', { ...MINIMAL, productUrls: { ...productUrls, chat: 'javascript:alert(1)' } }],
    ['a relative trackUrl', { ...MINIMAL, trackUrl: '/track' }],
    ['publicUrl missing', { ...MINIMAL, publicUrl: undefined }],
    ['cookieDomain missing', { productUrls, trackUrl: MINIMAL.trackUrl, publicUrl: MINIMAL.publicUrl }],
    ['cookieDomain a number', { ...MINIMAL, cookieDomain: 7 }],
    ['a help video that is not an address', { ...MINIMAL, helpVideoUrl: 'video' }],
    ['a support mail address that is not one', { ...MINIMAL, support: { email: 'help@' } }],
    ['support with both forms', { ...MINIMAL, support: { email: 'help@example.com', url: 'https://x.example.com' } }],
    ['microsoftSignIn as text', { ...MINIMAL, microsoftSignIn: 'true' }],
    ['consoleLogging as text', { ...MINIMAL, consoleLogging: 'false' }],
  ])('refuses a config with %s', (_, value) => {
    expect(parsePortalConfig(value)).toBeNull();
  });
});
