import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNEL_NAMES, BRIDGE_EVENT_NAMES, BRIDGE_CHANNELS, BRIDGE_EVENTS, bridgeFunctionName, unwrapResult, BridgeError } from './index';

describe('the bridge contract', () => {
  it('names every channel domain:verb in kebab case, one casing everywhere', () => {
    for (const name of [...Object.keys(BRIDGE_CHANNELS), ...Object.keys(BRIDGE_EVENTS)]) expect(name).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  it('lists the same channels in the schema-free name list the preload uses', () => {
    expect([...BRIDGE_CHANNEL_NAMES].sort()).toEqual(Object.keys(BRIDGE_CHANNELS).sort());
    expect([...BRIDGE_EVENT_NAMES].sort()).toEqual(Object.keys(BRIDGE_EVENTS).sort());
  });

  it('derives the preload function names from the channel names', () => {
    expect(bridgeFunctionName('vault:get-token')).toBe('vaultGetToken');
    expect(bridgeFunctionName('auth:microsoft-popup')).toBe('authMicrosoftPopup');
    expect(bridgeFunctionName('products:launch')).toBe('productsLaunch');
    expect(new Set(Object.keys(BRIDGE_CHANNELS).map((c) => bridgeFunctionName(c as keyof typeof BRIDGE_CHANNELS))).size).toBe(Object.keys(BRIDGE_CHANNELS).length);
  });

  it('rejects inputs that do not match a channel', () => {
    expect(BRIDGE_CHANNELS['products:launch'].input.safeParse({ product: 'crm', orgId: 'acme' }).success).toBe(false);
    expect(BRIDGE_CHANNELS['vault:set-token'].input.safeParse({ token: '' }).success).toBe(false);
    expect(BRIDGE_CHANNELS['vault:set-device-token'].input.safeParse({ token: 'd'.repeat(43) }).success).toBe(true);
    expect(BRIDGE_CHANNELS['vault:set-device-token'].input.safeParse({ token: 'not a device token' }).success).toBe(false);
    expect(BRIDGE_CHANNELS['vault:get-token'].input.safeParse({ sneaky: true }).success).toBe(false);
    expect(BRIDGE_CHANNELS['updates:get-state'].output.safeParse({ status: 'downloading', version: '1.2.0', percent: 140 }).success).toBe(false);
  });

  it('unwraps an envelope into data or a BridgeError with its code', () => {
    expect(unwrapResult({ ok: true, data: 7 })).toBe(7);
    expect(() => unwrapResult({ ok: false, error: { code: 'invalid-input', message: 'nope' } })).toThrow(BridgeError);
  });
});
