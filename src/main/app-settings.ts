import * as z from 'zod';
import { ThemeChoiceSchema, type ThemeChoice } from '../shared/bridge';

/** The part of Electron's nativeTheme the setting drives. */
export interface NativeThemeLike {
  themeSource: ThemeChoice;
  shouldUseDarkColors: boolean;
}

/** The app's own settings file (userData/settings.json); anything unreadable counts as no setting. */
const SettingsSchema = z.object({ theme: ThemeChoiceSchema.catch('system') }).catch({ theme: 'system' });

/** Window backgrounds before the renderer paints: the portal's --bg of each theme (src/renderer/styles.css). */
export const WINDOW_BACKGROUND = { light: '#f6f7fb', dark: '#0f1320' } as const;

/**
 * The Light/Dark choice of the desktop app, kept in its settings file. Applied to nativeTheme before the first
 * window opens, so the renderer's `prefers-color-scheme` (read by public/theme-init.js before the first paint) is
 * already the chosen theme: no flash. 'system' follows the operating system.
 */
export function createThemeSetting(options: { read: () => string | null; write: (text: string) => void; nativeTheme: NativeThemeLike }) {
  const { read, write, nativeTheme } = options;
  let raw: unknown;
  try {
    raw = JSON.parse(read() ?? 'null');
  } catch {
    // Not JSON: as if there were no settings.
  }
  let theme = SettingsSchema.parse(raw).theme;
  nativeTheme.themeSource = theme;
  return {
    get: (): ThemeChoice => theme,
    set(choice: ThemeChoice): void {
      theme = choice;
      nativeTheme.themeSource = choice;
      write(JSON.stringify({ theme: choice }, null, 2));
    },
    /** The colour a new window shows before its page paints. */
    backgroundColor: () => (nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light),
  };
}
