import { create } from 'zustand';
import { platform, type ThemeChoice } from '../../platform';

export type Theme = 'light' | 'dark';

/** The theme in force: the user's choice, or the operating system's while the choice is 'system'. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

interface ThemeState {
  choice: ThemeChoice;
  systemDark: boolean;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The Light/Dark state of this window. Change it with `chooseTheme`. */
export const useThemeStore = create<ThemeState>()(() => ({ choice: 'system', systemDark: false }));

function apply({ choice, systemDark }: ThemeState): void {
  const theme = resolveTheme(choice, systemDark);
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

let started = false;

/**
 * Takes over from public/theme-init.js at start-up: reads the remembered choice from the platform (local storage,
 * or the desktop app's settings) and follows the operating system while the choice is 'system'.
 */
export function startTheme(): void {
  if (started) return;
  started = true;
  const media = window.matchMedia?.(DARK_QUERY);
  useThemeStore.setState({ choice: platform.themeSetting.current(), systemDark: media?.matches ?? false });
  media?.addEventListener('change', (event) => useThemeStore.setState({ systemDark: event.matches }));
  useThemeStore.subscribe(apply);
  apply(useThemeStore.getState());
}

/** The user chose: remembered by the platform and applied at once. */
export function chooseTheme(choice: ThemeChoice): void {
  platform.themeSetting.set(choice);
  useThemeStore.setState({ choice });
}

/** The choice and the theme in force, for the menu and the toggle. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const choice = useThemeStore((state) => state.choice);
  const systemDark = useThemeStore((state) => state.systemDark);
  return { choice, theme: resolveTheme(choice, systemDark) };
}
