import { describe, expect, it } from 'vitest';
import { createThemeSetting, WINDOW_BACKGROUND, type NativeThemeLike } from './app-settings';

function setUp(stored: string | null) {
  const nativeTheme: NativeThemeLike = { themeSource: 'system', shouldUseDarkColors: false };
  const writes: string[] = [];
  const setting = createThemeSetting({ read: () => stored, write: (text) => writes.push(text), nativeTheme });
  return { setting, nativeTheme, writes };
}

describe('the desktop theme setting', () => {
  it('applies the remembered choice to nativeTheme at once', () => {
    const { setting, nativeTheme } = setUp('{"theme":"dark"}');
    expect(setting.get()).toBe('dark');
    expect(nativeTheme.themeSource).toBe('dark');
  });

  it('follows the system when nothing valid is stored', () => {
    for (const stored of [null, 'not json', '{"theme":"purple"}', '[]']) expect(setUp(stored).setting.get()).toBe('system');
  });

  it('remembers a new choice in the settings file and applies it', () => {
    const { setting, nativeTheme, writes } = setUp(null);
    setting.set('light');
    expect(nativeTheme.themeSource).toBe('light');
    expect(JSON.parse(writes.at(-1)!)).toEqual({ theme: 'light' });
  });

  it('gives new windows the background of the theme in force', () => {
    const { setting, nativeTheme } = setUp(null);
    expect(setting.backgroundColor()).toBe(WINDOW_BACKGROUND.light);
    nativeTheme.shouldUseDarkColors = true;
    expect(setting.backgroundColor()).toBe(WINDOW_BACKGROUND.dark);
  });
});
