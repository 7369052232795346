import type { BridgeChannel, BridgeEvent, BridgeEventPayload, BridgeInput, BridgeOutput } from './channels';
import type { BridgeResult } from './envelope';

/** `vault:get-token` → `vaultGetToken`: the preload's function name for a channel. */
type CamelPart<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelPart<Tail>>}` : S;
export type BridgeFunctionName<C extends string> = C extends `${infer Domain}:${infer Verb}` ? `${Domain}${Capitalize<CamelPart<Verb>>}` : never;

/**
 * One named function per channel, taking the channel's input (none when it has none) and resolving with main's
 * result envelope (an envelope, not a thrown error, so the error code survives the context bridge).
 */
export type DesktopBridgeCalls = {
  [C in BridgeChannel as BridgeFunctionName<C>]: BridgeInput<C> extends undefined
    ? () => Promise<BridgeResult<BridgeOutput<C>>>
    : (input: BridgeInput<C>) => Promise<BridgeResult<BridgeOutput<C>>>;
};

/** `window.desktop`: the calls, plus a subscription per main → renderer event. */
export type DesktopBridge = DesktopBridgeCalls & {
  onUpdatesStateChanged(listener: (state: BridgeEventPayload<'updates:state-changed'>) => void): () => void;
};

/** The function name of a channel at runtime (the preload builds `window.desktop` with it). */
export function bridgeFunctionName<C extends BridgeChannel>(channel: C): BridgeFunctionName<C> {
  const [domain, verb = ''] = channel.split(':') as [string, string];
  const camel = verb.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
  return `${domain}${camel.charAt(0).toUpperCase()}${camel.slice(1)}` as BridgeFunctionName<C>;
}

/** Event name → subscription function name. */
export const EVENT_SUBSCRIPTIONS: Record<BridgeEvent, keyof DesktopBridge> = {
  'updates:state-changed': 'onUpdatesStateChanged',
};
