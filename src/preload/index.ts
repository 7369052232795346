// Preload: the only bridge between the renderer and the main process. It exposes one named function per channel of
// src/shared/bridge on `window.desktop` (never ipcRenderer itself, never a generic send), typed from that map.
import { contextBridge, ipcRenderer } from 'electron';
// Only zod-free modules: a sandboxed preload can load no package but Electron's.
import { bridgeFunctionName, type DesktopBridge } from '../shared/bridge/api';
import type { UpdateState } from '../shared/bridge/channels';
import { BRIDGE_CHANNEL_NAMES } from '../shared/bridge/names';

const calls = Object.fromEntries(
  BRIDGE_CHANNEL_NAMES.map((channel) => [
    bridgeFunctionName(channel),
    // Only the first argument crosses: a renderer cannot smuggle extra arguments to a handler.
    (input?: unknown) => ipcRenderer.invoke(channel, input),
  ]),
);

const bridge = {
  ...calls,
  onUpdatesStateChanged(listener: (state: UpdateState) => void) {
    // The event object stays here: the renderer gets the payload only.
    const relay = (_event: unknown, state: UpdateState) => listener(state);
    ipcRenderer.on('updates:state-changed', relay);
    return () => void ipcRenderer.removeListener('updates:state-changed', relay);
  },
} as DesktopBridge;

contextBridge.exposeInMainWorld('desktop', Object.freeze(bridge));
