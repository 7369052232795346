import type { PlatformThemeSetting, ThemeChoice } from './platform';

/** localStorage key of the web portal's Light/Dark choice; public/theme-init.js reads the same key before first paint. */
export const THEME_KEY = 'theme';

export const isThemeChoice = (value: unknown): value is ThemeChoice => value === 'light' || value === 'dark' || value === 'system';

/** The browser's setting: local storage (per browser), 'system' when nothing valid is stored. */
export const localThemeSetting: PlatformThemeSetting = {
  current() {
    try {
      const stored = localStorage.getItem(THEME_KEY);
      return isThemeChoice(stored) ? stored : 'system';
    } catch {
      return 'system';
    }
  },
  set(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, choice);
    } catch {
      // Storage refused: the choice holds for this page only.
    }
  },
};
