import { describe, expect, it } from 'vitest';
import { returnTo } from '../multi-factor/mfa-setup-screen';
import { dayBoundary, formatAgo, isPrivateAddress, placeLabel, platformLabel } from './account-format';

describe('the security center\'s words', () => {
  it('says where a session began without a location service: the address, private ones marked', () => {
    expect(placeLabel({ firstIp: '203.0.113.5' })).toBe('203.0.113.5');
    expect(placeLabel({ firstIp: '192.168.1.20' })).toBe('192.168.1.20 (private network)');
    expect(placeLabel({ firstIp: '::ffff:10.0.0.7' })).toBe('::ffff:10.0.0.7 (private network)');
    expect(placeLabel({ firstIp: null })).toBe('Address unknown');
  });

  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '169.254.1.1', '::1', 'fd12::1', 'fe80::1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['172.32.0.1', '8.8.8.8', '2001:db8::1', '192.169.0.1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('names the platform, with the desktop app and its version', () => {
    expect(platformLabel({ platform: 'web', appFlavor: null, appVersion: null })).toBe('Web');
    expect(platformLabel({ platform: 'mobile', appFlavor: null, appVersion: null })).toBe('Mobile');
    expect(platformLabel({ platform: 'desktop', appFlavor: 'track', appVersion: '2.0.1' })).toBe('Desktop app (Suite Track 2.0.1)');
  });

  it('says how long ago a session was seen', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(formatAgo('2026-03-01T11:59:30Z', now, 'en')).toBe('just now');
    expect(formatAgo('2026-03-01T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatAgo('2026-03-01T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatAgo('2026-02-26T12:00:00Z', now, 'en')).toBe('3 days ago');
  });

  it('turns a day of the date input into the first and last moment of that day on this device', () => {
    const start = new Date(dayBoundary('2026-03-01', 'start')!);
    const end = new Date(dayBoundary('2026-03-01', 'end')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([2026, 2, 1, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([1, 23, 59, 59]);
    expect(dayBoundary('', 'start')).toBeUndefined();
    expect(dayBoundary('01/03/2026', 'end')).toBeUndefined();
  });

  it('sends the setup screen back to the security center only, never to a path a link could set', () => {
    expect(returnTo({ returnTo: '/account/second-factor' })).toBe('/account/second-factor');
    expect(returnTo({ returnTo: 'https://evil.test/' })).toBe('/workspace');
    expect(returnTo({ returnTo: '//evil.test' })).toBe('/workspace');
    expect(returnTo(null)).toBe('/workspace');
  });
});
