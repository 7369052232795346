// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DesktopBridge } from '../../shared/bridge';

/** The desktop app: the real desktop platform over a bridge double whose vault records the device token it is given. */
const vault = vi.hoisted(() => ({ deviceTokens: [] as string[] }));

vi.mock('../platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../platform')>();
  const { createDesktopPlatform } = await import('../platform/desktop-platform');
  const info: BuildInfo = {
    version: '2.0.1',
    flavor: 'chat',
    productName: 'Suite Chat',
    platform: 'linux',
    arch: 'x64',
    electron: '45.4.1',
    chrome: '142',
    buildDate: 'today',
    commit: 'abc',
    serverOrigin: 'https://portal.example.com',
  };
  const ok = <T,>(data: T) => Promise.resolve({ ok: true as const, data });
  const bridge = {
    appBuildInfo: () => ok(info),
    vaultGetToken: () => ok({ token: null, persistent: true }),
    vaultGetDeviceToken: () => ok({ token: null, persistent: true }),
    vaultSetDeviceToken: ({ token }: { token: string }) => (vault.deviceTokens.push(token), ok({ persistent: true })),
    settingsGetTheme: () => ok('system' as const),
    updatesGetState: () => ok({ status: 'idle' as const }),
    onUpdatesStateChanged: () => () => undefined,
  } as unknown as DesktopBridge;
  const platform = createDesktopPlatform(bridge);
  await platform.start();
  return { ...actual, platform };
});

const { platform } = await import('../platform');
const { trustThisDevice } = await import('./trust-device');

const reply = (data: object) => new Response(JSON.stringify({ data, error: null, code: 200 }), { status: 200 });

describe('trustThisDevice in a desktop app', () => {
  it('keeps the token /device-trust returns to the app in the keychain, for the next handshake', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => reply({ expiresAt: '2026-12-27T04:00:00.000Z', token: 't'.repeat(43) }));
    expect(platform.deviceToken()).toBeNull();
    await expect(trustThisDevice('g'.repeat(43), fetchImpl as unknown as typeof fetch)).resolves.toBe(true);
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://portal.example.com/device-trust');
    expect(vault.deviceTokens).toEqual(['t'.repeat(43)]);
    expect(platform.deviceToken()).toBe('t'.repeat(43));
  });

  it('keeps nothing when the grant is refused', async () => {
    vault.deviceTokens.length = 0;
    const refused = vi.fn(async () => new Response(JSON.stringify({ data: null, error: 'This link has expired.', code: 403 }), { status: 403 }));
    await expect(trustThisDevice('g'.repeat(43), refused as unknown as typeof fetch)).resolves.toBe(false);
    expect(vault.deviceTokens).toEqual([]);
  });
});
