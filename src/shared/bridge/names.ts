/**
 * The channel names alone, without their schemas, for the sandboxed preload (which can load no package but
 * Electron's, so it must not pull zod in). channels.ts is checked against this list.
 */
export const BRIDGE_CHANNEL_NAMES = [
  'vault:get-token',
  'vault:set-token',
  'vault:clear',
  'vault:get-device-token',
  'vault:set-device-token',
  'auth:microsoft-popup',
  'auth:passkey-browser',
  'auth:company-browser',
  'updates:get-state',
  'updates:check',
  'updates:restart',
  'app:build-info',
  'products:launch',
  'settings:get-theme',
  'settings:set-theme',
  'links:open',
  'app:set-language',
] as const;
export type BridgeChannelName = (typeof BRIDGE_CHANNEL_NAMES)[number];

/** Main → renderer event names. */
export const BRIDGE_EVENT_NAMES = ['updates:state-changed'] as const;
