/** The part of Electron's app the single-instance rule uses. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** The part of the main window a second launch brings forward. */
export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/**
 * One instance per app: a second launch quits at once and the first brings its window forward. Returns false in
 * the second instance (which must not go on starting).
 */
export function enforceSingleInstance(app: SingleInstanceApp, mainWindow: () => FocusableWindow | null): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const window = mainWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  return true;
}
