/** The keyboard shortcuts of the portal (the Shortcuts dialog). */
export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['Ctrl', 'Shift', 'S'], what: 'Turn console logging off (remembered in this browser)' },
  { keys: ['Ctrl', 'Shift', 'E'], what: 'Turn console logging on (remembered in this browser)' },
  { keys: ['Enter'], what: 'Submit the form you are filling in' },
  { keys: ['Escape'], what: 'Close the menu or a dialog' },
  { keys: ['↑', '↓'], what: 'Move between menu entries, organizations and products' },
  { keys: ['Tab'], what: 'Move to the next control (Shift+Tab: the previous one)' },
];

export function ShortcutList() {
  return (
    <table className="shortcut-table">
      <thead>
        <tr>
          <th scope="col">Keys</th>
          <th scope="col">What they do</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map((shortcut) => (
          <tr key={shortcut.what}>
            <th scope="row" aria-label={shortcut.keys.join('+')}>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 ? '+' : null}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </th>
            <td>{shortcut.what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
