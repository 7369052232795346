import { describe, expect, it } from 'vitest';
import demoSeed from './demo-seed.json' with { type: 'json' };
import { parseSeed, SeedError } from './apply-seed';

const problemsOf = (raw: unknown): string[] => {
  try {
    parseSeed(raw, 'test');
  } catch (error) {
    if (error instanceof SeedError) return error.problems;
    throw error;
  }
  return [];
};

const user = { email: 'ada@acme.test', password: 'Admin@12345', firstName: 'Ada', lastName: 'A', memberships: [{ orgId: 'acme', role: 'admin' }] };
const org = { orgId: 'acme', company: 'Acme', plan: { hrms: true } };

describe('seed file format', () => {
  it('accepts the demo seed and fills the defaults', () => {
    const seed = parseSeed(demoSeed, 'demo');
    expect(seed.users.find((item) => item.email === 'admin@acme.test')).toMatchObject({ verified: true, mustChangePassword: false });
    expect(seed.users.find((item) => item.email === 'pending@acme.test')?.verified).toBe(false);
  });

  it('names the path of every problem', () => {
    const problems = problemsOf({
      organizations: [{ ...org, allowedIpRanges: ['10.0.0.0/40'], plan: { hrms: true, spaceship: true } }],
      users: [{ ...user, password: 'weakpass1', memberships: [{ orgId: 'acme', role: 'owner' }] }],
    });
    expect(problems.some((line) => line.startsWith('organizations[0].allowedIpRanges[0]:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('organizations[0].plan'))).toBe(true);
    expect(problems).toContain('users[0].password: Please use uppercase.');
    expect(problems.some((line) => line.startsWith('users[0].memberships[0].role:'))).toBe(true);
  });

  it('takes a user without a password (they choose one at their next verified step), and checks one that is given', () => {
    const { password: _password, ...withoutPassword } = user;
    const seed = parseSeed({ organizations: [org], users: [withoutPassword] }, 'test');
    expect(seed.users[0]?.password).toBeUndefined();
    expect(parseSeed(demoSeed, 'demo').users.find((item) => item.email === 'nopassword@acme.test')?.password).toBeUndefined();
  });

  it('refuses duplicates and unknown fields', () => {
    expect(problemsOf({ organizations: [org, org], users: [] })).toEqual(['organizations[1]: duplicate "acme"']);
    expect(problemsOf({ organizations: [{ ...org, colour: 'red' }], users: [] })[0]).toMatch(/^organizations\[0\]/);
  });

  it('stores emails and user names in lower case', () => {
    const seed = parseSeed({ organizations: [org], users: [{ ...user, email: 'Ada@ACME.test', userName: 'Ada.Admin' }] }, 'test');
    expect(seed.users[0]).toMatchObject({ email: 'ada@acme.test', userName: 'ada.admin' });
  });

  it('checks OAuth clients: exact http(s) redirect URIs without fragments, long secrets, known scopes', () => {
    const client = { clientId: 'notes', name: 'Notes', redirectUris: ['https://notes.example.com/cb'] };
    expect(problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, clientSecret: 'x'.repeat(32), scopes: ['openid', 'email'], postLogoutRedirectUris: ['https://notes.example.com/'] }] })).toEqual([]);
    expect(problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, redirectUris: ['https://notes.example.com/cb#x'] }] })).toEqual(['oauthClients[0].redirectUris[0]: A redirect URI must not have a fragment.']);
    expect(problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, redirectUris: ['javascript:alert(1)'] }] })[0]).toMatch(/^oauthClients\[0\]\.redirectUris\[0\]: /);
    expect(problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, clientSecret: 'short' }] })).toEqual([
      'oauthClients[0].clientSecret: clientSecret must be at least 32 characters (use a random value).',
    ]);
    expect(problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, scopes: ['admin'] }] })[0]).toMatch(/^oauthClients\[0\]\.scopes\[0\]: /);
  });

  it('checks a back-channel logout URI with the console\'s rule: https, http only on localhost or 127.0.0.1, no fragment', () => {
    const client = { clientId: 'notes', name: 'Notes', redirectUris: ['https://notes.example.com/cb'] };
    const problems = (uri: string) => problemsOf({ organizations: [org], users: [user], oauthClients: [{ ...client, backchannelLogoutUri: uri }] });
    expect(problems('https://notes.example.com/backchannel-logout')).toEqual([]);
    expect(problems('http://127.0.0.1:4000/backchannel-logout')).toEqual([]);
    expect(problems('http://localhost/backchannel-logout')).toEqual([]);
    expect(problems('http://notes.example.com/backchannel-logout')).toEqual([
      'oauthClients[0].backchannelLogoutUri: A back-channel logout URI must start with https:// (http:// only for localhost or 127.0.0.1).',
    ]);
    expect(problems('https://notes.example.com/logout#now')).toEqual(['oauthClients[0].backchannelLogoutUri: A back-channel logout URI must not have a fragment (#…).']);
  });
});
