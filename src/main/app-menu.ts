import type { BuildInfo } from '../shared/bridge';

/** A menu item as Electron's Menu.buildFromTemplate takes it (the subset used here). */
export interface MenuItemSpec {
  label?: string;
  role?: 'quit' | 'close' | 'minimize' | 'reload' | 'toggleDevTools' | 'copy' | 'paste' | 'cut' | 'selectAll' | 'undo' | 'redo' | 'togglefullscreen' | 'about';
  type?: 'separator';
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

/** The lines of the New Release dialog: everything build info knows. */
export function releaseDetails(info: BuildInfo): string {
  return [
    `${info.productName} ${info.version}`,
    `Built ${info.buildDate} from ${info.commit}`,
    `Electron ${info.electron}, Chrome ${info.chrome}`,
    `${info.platform} ${info.arch}`,
    `Account server ${info.serverOrigin}`,
  ].join('\n');
}

/**
 * The application menu: Edit (so copy and paste work on macOS), View, and Help with the spec's New Release entry
 * (version; opens the build info) and Check for Updates. Developer tools only in unpackaged runs.
 */
export function appMenuTemplate(info: BuildInfo, actions: { showRelease: () => void; checkForUpdates: () => void; packaged: boolean }): MenuItemSpec[] {
  return [
    { label: info.productName, submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'quit' }] },
    { label: 'Edit', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { label: 'View', submenu: [{ role: 'reload' }, { role: 'togglefullscreen' }, ...(actions.packaged ? [] : [{ role: 'toggleDevTools' as const }])] },
    {
      label: 'Help',
      submenu: [
        { label: `New Release ${info.version}`, click: actions.showRelease },
        { label: 'Check for Updates', click: actions.checkForUpdates },
      ],
    },
  ];
}
