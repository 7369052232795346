import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNEL_NAMES } from '../shared/bridge';
import { registerBridge, type BridgeHandlers, type IpcMainLike, type InvokeEventLike } from './ipc';
import { APP_ORIGIN } from './renderer-protocol';
import { isOnOrigin } from './origins';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;

function setup() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void listeners.set(channel, listener) };
  const received: unknown[] = [];
  const handlers: BridgeHandlers = {
    'vault:get-token': () => ({ token: 'secret', persistent: true }),
    'vault:set-token': (input) => (received.push(input), { persistent: true }),
    'vault:clear': () => null,
    'vault:get-device-token': () => ({ token: null, persistent: true }),
    'vault:set-device-token': (input) => (received.push(input), { persistent: true }),
    'auth:microsoft-popup': () => ({ code: null, state: null, iss: null, error: null, errorDescription: null }),
    'auth:passkey-browser': () => ({ code: null, codeVerifier: null, error: null }),
    'auth:company-browser': () => ({ handoff: null, codeVerifier: null }),
    'updates:get-state': () => ({ status: 'idle' }),
    'updates:check': () => ({ status: 'checking' }),
    'updates:restart': () => {
      throw new Error('No update has been downloaded yet.');
    },
    'app:build-info': () => ({ wrong: 'shape' }) as never,
    'products:launch': (input) => (received.push(input), { openedIn: 'browser' }),
    'settings:get-theme': () => 'system',
    'settings:set-theme': () => null,
    'links:open': () => ({ opened: false }),
    'app:set-language': (input) => (received.push(input), null),
  };
  registerBridge(ipcMain, handlers, (url) => isOnOrigin(url, [APP_ORIGIN]));
  const invoke = (channel: string, frameUrl: string | null, ...args: unknown[]) =>
    listeners.get(channel)!({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args);
  return { listeners, invoke, received };
}

describe('bridge handlers in main', () => {
  it('registers exactly the channels of the map', () => {
    expect([...setup().listeners.keys()].sort()).toEqual([...BRIDGE_CHANNEL_NAMES].sort());
  });

  it('answers the app’s own renderer with the envelope', async () => {
    const { invoke } = setup();
    expect(await invoke('vault:get-token', 'app://portal/workspace')).toEqual({ ok: true, data: { token: 'secret', persistent: true } });
  });

  it('refuses every other sender: a product host, a file page, a frame without URL', async () => {
    const { invoke } = setup();
    for (const url of ['https://chat.example.com/acme', 'file:///tmp/index.html', 'app://evil/index.html', null]) {
      expect(await invoke('vault:get-token', url)).toEqual({ ok: false, error: { code: 'forbidden-sender', message: expect.stringContaining('vault:get-token') } });
    }
  });

  it('parses input as unknown: a bad shape never reaches the handler', async () => {
    const { invoke, received } = setup();
    expect(await invoke('products:launch', 'app://portal/', { product: 'crm', orgId: 'acme' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await invoke('vault:set-token', 'app://portal/', 'just-a-string')).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await invoke('vault:get-token', 'app://portal/', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(received).toEqual([]);
    expect(await invoke('products:launch', 'app://portal/', { product: 'chat', orgId: 'acme', url: 'https://evil.example' })).toEqual({ ok: true, data: { openedIn: 'browser' } });
    expect(received).toEqual([{ product: 'chat', orgId: 'acme' }]);
  });

  it('turns a failing handler or an off-contract answer into an error envelope', async () => {
    const { invoke } = setup();
    expect(await invoke('updates:restart', 'app://portal/')).toEqual({ ok: false, error: { code: 'failed', message: 'No update has been downloaded yet.' } });
    expect(await invoke('app:build-info', 'app://portal/')).toMatchObject({ ok: false, error: { code: 'failed' } });
  });
});
