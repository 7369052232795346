import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DesktopBridge } from '../../shared/bridge';

/**
 * The session module inside the desktop shell: the real desktop platform over a bridge double whose keychain write
 * settles when the test says, so what the store says before and after the write can be seen.
 */
const vault = vi.hoisted(() => ({
  writes: [] as { token: string; settle: (answer: { ok: true; data: { persistent: boolean } } | { ok: false; error: { code: 'failed'; message: string } }) => void }[],
}));

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
    vaultSetToken: ({ token }: { token: string }) => new Promise((settle) => vault.writes.push({ token, settle })),
    vaultClear: () => ok(null),
    vaultGetDeviceToken: () => ok({ token: null, persistent: true }),
    settingsGetTheme: () => ok('system' as const),
    updatesGetState: () => ok({ status: 'idle' as const }),
    onUpdatesStateChanged: () => () => undefined,
  } as unknown as DesktopBridge;
  const platform = createDesktopPlatform(bridge);
  await platform.start();
  return { ...actual, platform };
});

const { setPortalConfig } = await import('../api');
const { loginShellConfig } = await import('../app/login-shell');
const { platform, KEYCHAIN_UNAVAILABLE_NOTICE } = { ...(await import('../platform')), ...(await import('../platform/desktop-platform')) };
const { INITIAL_SESSION, useSessionStore } = await import('./session-store');
const { readCookie, COOKIES, LOCAL_KEYS, readLocal } = await import('./local-values');
const { signIn } = await import('./sign-in');

beforeEach(() => {
  setPortalConfig(loginShellConfig(false));
  useSessionStore.setState(INITIAL_SESSION, true);
  vault.writes.length = 0;
});
afterEach(() => localStorage.clear());

/** Waits for the sign-in's keychain write to reach the bridge. */
const nextWrite = async () => {
  await vi.waitFor(() => expect(vault.writes).toHaveLength(1));
  return vault.writes[0]!;
};

describe('session.signIn on the desktop', () => {
  it('keeps the token in the keychain first; the store says signed in only after, in the same render as the navigation', async () => {
    const seenByNavigation: boolean[] = [];
    const done = signIn({ kind: 'signed-in', token: 'jwt.1', reply: { email: 'ada@acme.test' } }, () =>
      seenByNavigation.push(useSessionStore.getState().isAuthenticated),
    );
    const write = await nextWrite();
    expect(write.token).toBe('jwt.1');
    // The write has not settled: nothing says signed in yet, and the caller has not navigated.
    await Promise.resolve();
    expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
    expect(seenByNavigation).toEqual([]);

    write.settle({ ok: true, data: { persistent: true } });
    await expect(done).resolves.toEqual({ persistent: true });
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt.1', email: 'ada@acme.test', isAuthenticated: true });
    expect(seenByNavigation).toEqual([true]);
    expect(readCookie(COOKIES.token)).toBe('jwt.1');
    expect(readCookie(COOKIES.email)).toBe('ada@acme.test');
    expect(platform.notice.current()).toBeNull();
  });

  it('goes on when the keychain cannot be reached, says so, and shows the notice', async () => {
    const done = signIn({ kind: 'change-password', token: 'jwt.2', email: null });
    (await nextWrite()).settle({ ok: true, data: { persistent: false } });
    await expect(done).resolves.toEqual({ persistent: false });
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt.2', aftrp: true, isAuthenticated: false });
    expect(platform.notice.current()).toBe(KEYCHAIN_UNAVAILABLE_NOTICE);
  });

  it('leaves the store alone for an onboarding employee, who leaves for the boarding site once the token is kept', async () => {
    const left: string[] = [];
    const done = signIn({ kind: 'onboarding', token: 'jwt.3', employeeId: 'emp-7', orgId: 'acme' }, () => left.push(readCookie(COOKIES.token) ?? ''));
    const write = await nextWrite();
    expect(left).toEqual([]);
    write.settle({ ok: true, data: { persistent: true } });
    await done;
    expect(left).toEqual(['jwt.3']);
    expect(readLocal(LOCAL_KEYS.onboardingEmployeeId)).toBe('emp-7');
    expect(readLocal(LOCAL_KEYS.onboardingOrgId)).toBe('acme');
    expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  });
});
