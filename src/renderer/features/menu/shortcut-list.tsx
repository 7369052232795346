import { useT, type MessageId } from '../../i18n/screens';

/** A key's name as its key cap says it (the catalog keeps it; arrows are symbols). */
const KEY_NAMES: Partial<Record<string, MessageId>> = {
  Ctrl: 'menu.keyCtrl',
  Shift: 'menu.keyShift',
  Enter: 'menu.keyEnter',
  Escape: 'menu.keyEscape',
  Tab: 'menu.keyTab',
};

/** The keyboard shortcuts of the portal (the Shortcuts dialog): the keys, and what they do (a catalog id). */
export const SHORTCUTS: { keys: string[]; what: MessageId }[] = [
  { keys: ['Ctrl', 'Shift', 'S'], what: 'menu.shortcutLogOff' },
  { keys: ['Ctrl', 'Shift', 'E'], what: 'menu.shortcutLogOn' },
  { keys: ['Enter'], what: 'menu.shortcutSubmit' },
  { keys: ['Escape'], what: 'menu.shortcutEscape' },
  { keys: ['↑', '↓'], what: 'menu.shortcutArrows' },
  { keys: ['Tab'], what: 'menu.shortcutTab' },
];

export function ShortcutList() {
  const t = useT();
  const keyName = (key: string) => {
    const id = KEY_NAMES[key];
    return id ? t(id) : key;
  };
  return (
    <table className="shortcut-table">
      <thead>
        <tr>
          <th scope="col">{t('menu.keys')}</th>
          <th scope="col">{t('menu.whatTheyDo')}</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map((shortcut) => (
          <tr key={shortcut.what}>
            <th scope="row" aria-label={shortcut.keys.map(keyName).join('+')} dir="ltr">
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? '+' : null}
                  <kbd>{keyName(key)}</kbd>
                </span>
              ))}
            </th>
            <td>{t(shortcut.what)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
