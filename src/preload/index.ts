// Preload: the only bridge between the renderer and the main process. It exposes named, typed functions on
// `window.desktop` (never ipcRenderer itself); the channels arrive with the desktop-shell issue.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('desktop', Object.freeze({ kind: 'desktop' as const }));
