import { portalConfig } from '../../api';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../session/local-values';
import { showToast } from '../../ui/toast';
import { createConsoleSwitch, shortcutOf } from './console-switch';

/** The remembered choice of this browser ('on' / 'off'), or null before the user ever switched. */
function readChoice(): boolean | null {
  const stored = readLocal(LOCAL_KEYS.consoleLogging);
  return stored === 'on' ? true : stored === 'off' ? false : null;
}

let started = false;
let current: { enabled: () => boolean } | null = null;

/** Whether console logging is on now (Troubleshooting shows it). */
export function consoleLoggingEnabled(): boolean {
  return current?.enabled() ?? true;
}

/**
 * At start-up (after the portal config): the remembered choice, else what the server decided for the host it was asked
 * on (off on a deployment, on at localhost: src/server/http/console-logging.ts), and always on in Vite's development
 * build; then Ctrl+Shift+S / Ctrl+Shift+E switch it anywhere in the portal, remembered per browser, with a toast.
 */
export function startConsoleSwitch(): void {
  if (started) return;
  started = true;
  const toggle = createConsoleSwitch(console);
  current = toggle;
  // import.meta.env.DEV is false in a production build: the minifier drops it, /login carries only the config's flag.
  toggle.set(readChoice() ?? (import.meta.env.DEV || portalConfig().consoleLogging));
  window.addEventListener(
    'keydown',
    (event) => {
      const action = shortcutOf(event);
      if (!action) return;
      event.preventDefault();
      const on = action === 'enable';
      toggle.set(on);
      writeLocal(LOCAL_KEYS.consoleLogging, on ? 'on' : 'off');
      showToast(on ? 'Console logging is on.' : 'Console logging is off.');
    },
    { capture: true },
  );
}
