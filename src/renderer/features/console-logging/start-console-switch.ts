import { portalConfig } from '../../api';
import { platform } from '../../platform';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../session/local-values';
import { showToast } from '../../ui/toast';
import { createConsoleSwitch, loggingByDefault, shortcutOf } from './console-switch';

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
 * At start-up (after the portal config): the remembered choice, else off on the production host and on elsewhere;
 * then Ctrl+Shift+S / Ctrl+Shift+E switch it anywhere in the portal, remembered per browser, with a toast.
 */
export function startConsoleSwitch(): void {
  if (started) return;
  started = true;
  const toggle = createConsoleSwitch(console);
  current = toggle;
  const host = new URL(platform.serverOrigin()).hostname;
  toggle.set(readChoice() ?? loggingByDefault(host, portalConfig().productionHost));
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
