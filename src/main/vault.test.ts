import { describe, expect, it } from 'vitest';
import { createTokenVault, deviceTokenAccount, type KeychainLike } from './vault';

/** A keychain double that stores entries in a map and can be made unreachable. */
function fakeKeychain(reachable = true) {
  const entries = new Map<string, string>();
  const calls: string[] = [];
  const guard = (name: string) => {
    calls.push(name);
    if (!reachable) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  const keychain: KeychainLike = {
    getPassword: async (service, account) => (guard('get'), entries.get(`${service}|${account}`) ?? null),
    setPassword: async (service, account, password) => {
      guard('set');
      entries.set(`${service}|${account}`, password);
    },
    deletePassword: async (service, account) => (guard('delete'), entries.delete(`${service}|${account}`)),
  };
  return { keychain, entries, calls };
}

describe('token vault', () => {
  it('stores the token in the keychain under the flavor service and the server origin, and reads it back after a restart', async () => {
    const { keychain, entries } = fakeKeychain();
    const vault = createTokenVault({ keychain, service: 'Suite Chat', account: 'https://portal.example.com' });
    expect(await vault.set('jwt-1')).toEqual({ persistent: true });
    expect([...entries]).toEqual([['Suite Chat|https://portal.example.com', 'jwt-1']]);

    const afterRestart = createTokenVault({ keychain, service: 'Suite Chat', account: 'https://portal.example.com' });
    expect(await afterRestart.get()).toEqual({ token: 'jwt-1', persistent: true });
    const otherApp = createTokenVault({ keychain, service: 'Suite Track', account: 'https://portal.example.com' });
    expect(await otherApp.get()).toEqual({ token: null, persistent: true });
  });

  it('clears the keychain entry on logout', async () => {
    const { keychain, entries } = fakeKeychain();
    const vault = createTokenVault({ keychain, service: 'Suite Chat', account: 'https://a.test' });
    await vault.set('jwt-1');
    await vault.clear();
    expect(entries.size).toBe(0);
    expect(await vault.get()).toEqual({ token: null, persistent: true });
  });

  it('keeps the token in memory for the session and says so when the keychain is unreachable', async () => {
    const { keychain, calls } = fakeKeychain(false);
    const errors: unknown[] = [];
    const vault = createTokenVault({ keychain, service: 'Suite Chat', account: 'https://a.test', onError: (e) => errors.push(e) });
    expect(await vault.get()).toEqual({ token: null, persistent: false });
    expect(await vault.set('jwt-2')).toEqual({ persistent: false });
    expect(await vault.get()).toEqual({ token: 'jwt-2', persistent: false });
    await vault.clear();
    expect(await vault.get()).toEqual({ token: null, persistent: false });
    expect(calls).toContain('set');
    expect(errors.length).toBeGreaterThan(0);
  });

  it('works in memory when keytar could not be loaded at all', async () => {
    const vault = createTokenVault({ keychain: null, service: 'Suite Track', account: 'https://a.test' });
    expect(await vault.set('jwt-3')).toEqual({ persistent: false });
    expect(await vault.get()).toEqual({ token: 'jwt-3', persistent: false });
  });

  it('keeps the trusted-device token in an entry of its own, which logging out leaves in place', async () => {
    const { keychain, entries } = fakeKeychain();
    const origin = 'https://portal.example.com';
    const session = createTokenVault({ keychain, service: 'Suite Chat', account: origin });
    const device = createTokenVault({ keychain, service: 'Suite Chat', account: deviceTokenAccount(origin) });
    await session.set('jwt-1');
    expect(await device.set('d'.repeat(43))).toEqual({ persistent: true });
    await session.clear();
    expect([...entries]).toEqual([[`Suite Chat|${origin} trusted-device`, 'd'.repeat(43)]]);
    const afterRestart = createTokenVault({ keychain, service: 'Suite Chat', account: deviceTokenAccount(origin) });
    expect(await afterRestart.get()).toEqual({ token: 'd'.repeat(43), persistent: true });
  });
});
