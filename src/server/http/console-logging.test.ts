import { describe, expect, it } from 'vitest';
import { consoleLoggingAt } from './console-logging';

describe('whether console logging starts on in a page the server makes', () => {
  it('is on where the page is asked for on this computer', () => {
    for (const host of ['localhost', 'LocalHost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'localhost.']) expect(consoleLoggingAt(host, null), host).toBe(true);
  });

  it('is off on any other host, a deployment under any name', () => {
    for (const host of ['portal.example.com', 'staging.example.com', '192.168.1.20', '10.0.0.5', '[2001:db8::1]', 'localhost.example.com', '127.0.0.1.nip.io', 'notlocalhost'])
      expect(consoleLoggingAt(host, null), host).toBe(false);
  });

  it('is off on PRODUCTION_HOST, even when that is this computer, and by the same rule elsewhere', () => {
    expect(consoleLoggingAt('Portal.Example.com', 'portal.example.com')).toBe(false);
    expect(consoleLoggingAt('localhost', 'localhost')).toBe(false);
    expect(consoleLoggingAt('127.0.0.1', 'localhost')).toBe(true);
    expect(consoleLoggingAt('staging.example.com', 'portal.example.com')).toBe(false);
  });
});
