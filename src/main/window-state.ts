import * as z from 'zod';

/** Size and position of the main window, remembered between runs. */
export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 800, maximized: false };

/** A display's work area. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The state to open with: the saved one when it parses and its top-left part is on a display that is still there
 * (a monitor may have been unplugged); otherwise the saved size, centred by the system; otherwise the default.
 */
export function restoreWindowState(saved: string | null, displays: readonly Area[]): WindowState {
  let parsed: WindowState;
  try {
    const result = WindowStateSchema.safeParse(saved === null ? null : JSON.parse(saved));
    if (!result.success) return DEFAULT_WINDOW_STATE;
    parsed = result.data;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  const { x, y } = parsed;
  if (x === undefined || y === undefined) return { width: parsed.width, height: parsed.height, maximized: parsed.maximized };
  const visible = displays.some((area) => x + 100 > area.x && x < area.x + area.width - 100 && y >= area.y && y < area.y + area.height - 50);
  return visible ? parsed : { width: parsed.width, height: parsed.height, maximized: parsed.maximized };
}

/** The part of a BrowserWindow the tracker reads. */
export interface TrackedWindowLike {
  getNormalBounds(): Area;
  isMaximized(): boolean;
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
}

/** Saves the window's normal bounds (not the maximized ones) on resize, move and close, debounced. */
export function trackWindowState(window: TrackedWindowLike, save: (serialized: string) => void, debounceMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const bounds = window.getNormalBounds();
    save(JSON.stringify({ ...bounds, maximized: window.isMaximized() } satisfies WindowState));
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(write, debounceMs);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    if (timer) clearTimeout(timer);
    write();
  });
}
