import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenVault, type KeychainLike } from './vault';

// The vault against the real OS keychain: keytar talking to gnome-keyring over the Secret Service. Run it inside a
// D-Bus session with an unlocked keyring (`npm run test:keychain` starts one). Without one it is skipped, except
// when CI and KEYCHAIN_TESTS=1 are both set: then an unreachable keychain is a failure.
const required = Boolean(process.env['CI']) && process.env['KEYCHAIN_TESTS'] === '1';

function loadKeytar(): { keytar: KeychainLike | null; reason: string | null } {
  if (!process.env['DBUS_SESSION_BUS_ADDRESS']) return { keytar: null, reason: 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset)' };
  try {
    return { keytar: createRequire(import.meta.url)('keytar') as KeychainLike, reason: null };
  } catch (error) {
    return { keytar: null, reason: `keytar could not be loaded: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const { keytar, reason } = loadKeytar();
if (!keytar && !required) console.warn(`Skipping the keychain tests: ${reason}. Run them with npm run test:keychain.`);

const SERVICE = `Suite Portal test ${process.pid}`;
const ACCOUNT = 'https://portal.example.com';

describe.skipIf(!keytar && !required)('token vault with the real keychain (keytar + Secret Service)', () => {
  afterAll(async () => {
    await keytar?.deletePassword(SERVICE, ACCOUNT).catch(() => undefined);
  });

  it('can reach the keychain', () => {
    expect(reason, 'KEYCHAIN_TESTS=1 in CI needs keytar and an unlocked keyring on a D-Bus session').toBeNull();
  });

  it('stores the token in the keychain, where a new vault (an app restart) finds it, and logout removes it', async () => {
    const vault = createTokenVault({ keychain: keytar!, service: SERVICE, account: ACCOUNT });
    expect(await vault.set('jwt.from.keychain')).toEqual({ persistent: true });
    expect(await keytar!.getPassword(SERVICE, ACCOUNT)).toBe('jwt.from.keychain');

    const restarted = createTokenVault({ keychain: keytar!, service: SERVICE, account: ACCOUNT });
    expect(await restarted.get()).toEqual({ token: 'jwt.from.keychain', persistent: true });

    await restarted.clear();
    expect(await keytar!.getPassword(SERVICE, ACCOUNT)).toBeNull();
    expect(await createTokenVault({ keychain: keytar!, service: SERVICE, account: ACCOUNT }).get()).toEqual({ token: null, persistent: true });
  });

  it('keeps the two apps’ tokens apart', async () => {
    const chat = createTokenVault({ keychain: keytar!, service: `${SERVICE} chat`, account: ACCOUNT });
    const track = createTokenVault({ keychain: keytar!, service: `${SERVICE} track`, account: ACCOUNT });
    await chat.set('chat-token');
    expect((await track.get()).token).toBeNull();
    await chat.clear();
  });
});
