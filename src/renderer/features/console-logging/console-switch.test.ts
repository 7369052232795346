import { describe, expect, it, vi } from 'vitest';
import { createConsoleSwitch, shortcutOf } from './console-switch';

const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({ ctrlKey: true, shiftKey: true, altKey: false, metaKey: false, key, ...extra });

describe('the console-logging switch', () => {
  it('reads Ctrl+Shift+S as disable and Ctrl+Shift+E as enable, nothing else', () => {
    expect(shortcutOf(key('S'))).toBe('disable');
    expect(shortcutOf(key('E'))).toBe('enable');
    expect(shortcutOf(key('s', { shiftKey: false }))).toBeNull();
    expect(shortcutOf(key('E', { altKey: true }))).toBeNull();
    expect(shortcutOf(key('E', { ctrlKey: false, metaKey: true }))).toBeNull();
    expect(shortcutOf(key('X'))).toBeNull();
  });

  it('silences logging and restores the very same methods', () => {
    const log = vi.fn();
    const error = vi.fn();
    const target = { log, warn: vi.fn(), info: vi.fn(), debug: vi.fn(), error } as unknown as Console;
    const toggle = createConsoleSwitch(target);
    toggle.set(false);
    target.log('hidden');
    target.error('still shown');
    expect(log).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('still shown');
    toggle.set(true);
    expect(target.log).toBe(log);
    target.log('shown');
    expect(log).toHaveBeenCalledWith('shown');
  });
});
