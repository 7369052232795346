import { describe, expect, it } from 'vitest';
import { matchesPattern, portalPathOf, robotsTxt } from './portal-paths';

describe('the portal paths', () => {
  it('match as the renderer router does: one segment per parameter, a final * for any rest', () => {
    expect(matchesPattern('/reset/:code', '/reset/abc')).toBe(true);
    expect(matchesPattern('/reset/:code', '/reset')).toBe(false);
    expect(matchesPattern('/reset/:code', '/reset/abc/def')).toBe(false);
    expect(matchesPattern('/account/*', '/account')).toBe(true);
    expect(matchesPattern('/account/*', '/account/sessions/x')).toBe(true);
    expect(matchesPattern('/login', '/login/')).toBe(true);
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/x')).toBe(false);
  });

  it('know every screen and nothing else', () => {
    expect(portalPathOf('/acme/preboarding/email-sent')?.pattern).toBe('/:orgId/preboarding/email-sent');
    expect(portalPathOf('/acme/login')?.indexed).toBe(true);
    expect(portalPathOf('/acme/reset/x')?.indexed).toBe(false);
    expect(portalPathOf('/robots.txt')).toBeNull();
    expect(portalPathOf('/acme/elsewhere')).toBeNull();
  });

  it('write robots.txt rules from the patterns, wildcards for parameters', () => {
    const lines = robotsTxt().split('\n');
    expect(lines).toContain('Disallow: /*/reset/');
    expect(lines).toContain('Disallow: /*/preboarding/email-sent');
    expect(lines).toContain('Disallow: /account');
    expect(lines).toContain('Disallow: /invite-client/');
    expect(lines.filter((line) => line.startsWith('Disallow: /login'))).toEqual([]);
  });
});
