import { BRIDGE_CHANNELS, type BridgeChannel, type BridgeInput, type BridgeOutput, type BridgeResult } from '../shared/bridge';

/** The part of Electron's IpcMainInvokeEvent the sender check reads. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

/** The part of Electron's ipcMain the bridge uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

/** One handler per channel, receiving the parsed input. */
export type BridgeHandlers = { [C in BridgeChannel]: (input: BridgeInput<C>) => Promise<BridgeOutput<C>> | BridgeOutput<C> };

/**
 * Runs one bridge call: checks the sender's frame is the app's own renderer, parses the input (received as unknown)
 * through the channel's schema, runs the handler and answers with the result envelope. Never throws.
 */
export async function dispatch<C extends BridgeChannel>(
  channel: C,
  event: InvokeEventLike,
  rawInput: unknown,
  handler: BridgeHandlers[C],
  isTrustedSender: (frameUrl: string) => boolean,
): Promise<BridgeResult<BridgeOutput<C>>> {
  const frameUrl = event.senderFrame?.url;
  if (!frameUrl || !isTrustedSender(frameUrl)) return { ok: false, error: { code: 'forbidden-sender', message: `${channel} is only answered to the app's own window.` } };
  const entry = BRIDGE_CHANNELS[channel];
  const parsed = entry.input.safeParse(rawInput);
  if (!parsed.success) return { ok: false, error: { code: 'invalid-input', message: `${channel}: ${parsed.error.issues[0]?.message ?? 'invalid input'}` } };
  try {
    const output = await (handler as (input: unknown) => unknown)(parsed.data);
    const checked = entry.output.safeParse(output);
    if (!checked.success) return { ok: false, error: { code: 'failed', message: `${channel} produced an answer that does not match its contract.` } };
    return { ok: true, data: checked.data as BridgeOutput<C> };
  } catch (error) {
    return { ok: false, error: { code: 'failed', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Registers every channel of the bridge map; a channel without a handler cannot exist (the type requires all). */
export function registerBridge(ipcMain: IpcMainLike, handlers: BridgeHandlers, isTrustedSender: (frameUrl: string) => boolean): void {
  for (const channel of Object.keys(BRIDGE_CHANNELS) as BridgeChannel[]) {
    ipcMain.handle(channel, (event, rawInput) => dispatch(channel, event, rawInput, handlers[channel], isTrustedSender));
  }
}
