import { beforeEach, expect, it } from 'vitest';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { continueOn, describeEngines, useTestServer, resetLimits } from './harness';

// Behind one proxy that appends the address it sees (nginx's default), the client's own X-Forwarded-For value is left of
// that address. With TRUST_PROXY=1 the server takes the first untrusted hop from the right: the proxy's append, never
// what the client wrote. Gamma admits only 192.0.2.0/24; the admin is a member of it.

const PROXIED = '198.51.100.20';
const behindProxy = (clientWrote: string) => ({ 'x-forwarded-for': `${clientWrote}, ${PROXIED}` });

for (const trust of ['1', 'loopback']) {
  describeEngines(`client address behind a proxy (TRUST_PROXY=${trust})`, (engine) => {
    const app = useTestServer(engine, TEST_SEED, () => ({ TRUST_PROXY: trust }));
    beforeEach(async () => {
      await resetLimits(app());
    });

    it('does not let a client-written X-Forwarded-For into an IP-fenced organization', async () => {
      const signingIn = await app().connect(undefined, behindProxy('192.0.2.10'));
      const { token } = await signingIn.call('login', { identifier: EMAILS.admin, password: PASSWORDS.admin, platform: 'web' });
      const forged = await continueOn(app(), signingIn, token!, behindProxy('192.0.2.10'));
      const list = await forged.call('getWorkspaceList', {});
      expect(list.list.map((org) => org.orgId)).not.toContain('gamma');
      await expect(forged.call('loginEmail', { email: EMAILS.admin, orgId: 'gamma' })).rejects.toMatchObject({ code: 403 });

      // From an address inside the range (as the proxy sees it), the organization is there.
      const inside = await app().connect({ token }, { 'x-forwarded-for': '192.0.2.10' });
      expect((await inside.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toContain('gamma');
    });

    it('sees a client on long-polling, and one that upgrades from it, at the address the proxy saw', async () => {
      // Only long-polling: a balancer that passes no WebSocket upgrades (with sticky sessions).
      const signingIn = await app().connect(undefined, behindProxy('192.0.2.10'), ['polling']);
      const { token } = await signingIn.call('login', { identifier: EMAILS.admin, password: PASSWORDS.admin, platform: 'web' });
      signingIn.close();
      const polling = await app().connect({ token }, behindProxy('192.0.2.10'), ['polling']);
      expect((await polling.call('getWorkspaceList', {})).list.map((org) => org.orgId)).not.toContain('gamma');
      expect(polling.socket.io.engine.transport.name).toBe('polling');

      // Long-polling first, then upgraded to WebSocket: the same session from inside the range sees the organization.
      const upgraded = await app().connect({ token }, { 'x-forwarded-for': '192.0.2.10' }, ['polling', 'websocket']);
      await expect.poll(() => upgraded.socket.io.engine.transport.name).toBe('websocket');
      expect((await upgraded.call('getWorkspaceList', {})).list.map((org) => org.orgId)).toContain('gamma');
    });

    it('counts a client that rotates its own X-Forwarded-For against the address the proxy saw', async () => {
      const codes: number[] = [];
      for (let index = 0; index < 52; index += 1) {
        const client = await app().connect(undefined, behindProxy(`10.9.${Math.floor(index / 200)}.${index % 200}`));
        codes.push((await client.emit('login', { identifier: `rotate-${index}@nowhere.test`, password: 'Wrong#Pass999', platform: 'web' })).code);
        client.close();
      }
      expect(codes.slice(0, 50)).toEqual(Array(50).fill(403));
      expect(codes.slice(50)).toEqual([429, 429]);
    });
  });
}
