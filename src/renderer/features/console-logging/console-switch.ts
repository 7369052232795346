/**
 * The console methods the switch silences. `console.error` keeps working: a crash must still reach the developer
 * tools of someone helping a user, and the portal logs nothing secret there.
 */
const SILENCED = ['debug', 'info', 'log', 'warn', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'count', 'time', 'timeLog', 'timeEnd'] as const;
type Silenced = (typeof SILENCED)[number];

const silent = () => undefined;

/** Spec section 4: Ctrl+Shift+S disables console logging, Ctrl+Shift+E enables it. */
export function shortcutOf(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'key'>): 'disable' | 'enable' | null {
  if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  if (key === 's') return 'disable';
  if (key === 'e') return 'enable';
  return null;
}

/** Swaps the console's logging methods for silent ones and back, keeping the originals. */
export function createConsoleSwitch(target: Console) {
  const originals = new Map<Silenced, Console[Silenced]>(SILENCED.map((method) => [method, target[method]]));
  let enabled = true;
  return {
    enabled: () => enabled,
    set(on: boolean): void {
      enabled = on;
      for (const method of SILENCED) (target as unknown as Record<Silenced, unknown>)[method] = on ? originals.get(method) : silent;
    },
  };
}
