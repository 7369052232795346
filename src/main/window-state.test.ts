import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_STATE, restoreWindowState, trackWindowState } from './window-state';

const SCREEN = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('remembered window size and position', () => {
  it('opens where it was left when that spot is on a display', () => {
    expect(restoreWindowState(JSON.stringify({ x: 100, y: 80, width: 1000, height: 700, maximized: true }), SCREEN)).toEqual({ x: 100, y: 80, width: 1000, height: 700, maximized: true });
  });

  it('keeps the size but lets the system place the window when its display is gone', () => {
    expect(restoreWindowState(JSON.stringify({ x: 2500, y: 80, width: 1000, height: 700, maximized: false }), SCREEN)).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('falls back to the default for a missing, broken or absurd file', () => {
    expect(restoreWindowState(null, SCREEN)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState('{not json', SCREEN)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState(JSON.stringify({ width: 5, height: 5 }), SCREEN)).toEqual(DEFAULT_WINDOW_STATE);
  });

  describe('tracking', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('saves the normal bounds after moves settle and on close', () => {
      const window = Object.assign(new EventEmitter(), { bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false });
      const saved: string[] = [];
      trackWindowState({ getNormalBounds: () => window.bounds, isMaximized: () => window.maximized, on: (e, l) => window.on(e, l) }, (s) => saved.push(s));
      window.emit('move');
      window.emit('resize');
      expect(saved).toEqual([]);
      vi.advanceTimersByTime(600);
      expect(saved.map((s) => JSON.parse(s))).toEqual([{ x: 1, y: 2, width: 800, height: 600, maximized: false }]);
      window.maximized = true;
      window.emit('close');
      expect(JSON.parse(saved.at(-1)!)).toMatchObject({ maximized: true });
    });
  });
});
