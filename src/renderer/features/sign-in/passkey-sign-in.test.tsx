import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildInfo, DesktopBridge, PasskeyBrowserAnswer } from '../../../shared/bridge';

// "Sign in with a passkey" in a desktop app: the real desktop platform over a bridge double (main's system-browser
// ceremony answers what the test says), the server's side played by a recorded `call`.
vi.mock('../../api', () => import('../admin/call-double'));
const main = vi.hoisted(() => ({ answer: null as PasskeyBrowserAnswer | null, asked: 0 }));
vi.mock('../../platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform')>();
  const { createDesktopPlatform } = await import('../../platform/desktop-platform');
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
    authPasskeyBrowser: () => (main.asked++, ok(main.answer)),
    settingsGetTheme: () => ok('system' as const),
    updatesGetState: () => ok({ status: 'idle' as const }),
    onUpdatesStateChanged: () => () => undefined,
  } as unknown as DesktopBridge;
  const platform = createDesktopPlatform(bridge);
  await platform.start();
  return { ...actual, platform };
});

const { calls, replies, resetCalls } = await import('../admin/call-double');
const { default: PasskeySignIn, SYSTEM_BROWSER_UNFINISHED } = await import('./passkey-sign-in');

function renderButton() {
  const props = { withDivider: true, disabled: false, onReply: vi.fn(async () => undefined), onBusyChange: vi.fn(), onError: vi.fn() };
  render(<PasskeySignIn {...props} />);
  return props;
}

beforeEach(() => {
  resetCalls();
  main.asked = 0;
});

describe('Sign in with a passkey, in a desktop app', () => {
  it('runs the ceremony in the system browser and redeems the code it brings back on the app\'s connection', async () => {
    main.answer = { code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43), error: null };
    const reply = { token: 'session.jwt.token', email: 'ann@open.test' };
    replies.set('passkeyDesktopLogin', () => reply);
    // The embedded view has no WebAuthn of its own (jsdom has none either): the button is there all the same.
    const props = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(props.onReply).toHaveBeenCalledWith(reply));
    expect(main.asked).toBe(1);
    expect(calls).toEqual([{ event: 'passkeyDesktopLogin', payload: { code: 'eyJh.eyJz.c2ln', codeVerifier: 'v'.repeat(43), platform: 'desktop', appVersion: '2.0.1' } }]);
    expect(props.onBusyChange.mock.calls).toEqual([[true], [false]]);
  });

  it('says the browser did not finish when the page was cancelled or nothing came back, and calls nobody', async () => {
    main.answer = { code: null, codeVerifier: null, error: 'access_denied' };
    const props = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(SYSTEM_BROWSER_UNFINISHED));
    expect(calls).toEqual([]);
    expect(props.onReply).not.toHaveBeenCalled();
  });
});
