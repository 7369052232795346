import type { BuildInfo } from '../shared/bridge';
import { ENGLISH_TEXTS, type DesktopTexts } from './desktop-language';

/** A menu item as Electron's Menu.buildFromTemplate takes it (the subset used here). */
export interface MenuItemSpec {
  label?: string;
  role?: 'quit' | 'close' | 'minimize' | 'reload' | 'toggleDevTools' | 'copy' | 'paste' | 'cut' | 'selectAll' | 'undo' | 'redo' | 'togglefullscreen' | 'about';
  type?: 'separator';
  enabled?: boolean;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

/** The lines of the New Release dialog: everything build info knows, in the app's language. */
export function releaseDetails(info: BuildInfo, { t }: DesktopTexts = ENGLISH_TEXTS): string {
  return [
    `${info.productName} ${info.version}`,
    t('desktop.releaseBuilt', { date: info.buildDate, commit: info.commit }),
    `Electron ${info.electron}, Chrome ${info.chrome}`,
    `${info.platform} ${info.arch}`,
    t('desktop.releaseServer', { origin: info.serverOrigin }),
  ].join('\n');
}

/**
 * The application menu: Edit (so copy and paste work on macOS), View, and Help with the spec's New Release entry
 * (version; opens the build info) and Check for Updates. Developer tools only in unpackaged runs. Every label is in the
 * app's language (`texts`, English by default); the roles' own labels too, since Electron's are English.
 */
export function appMenuTemplate(
  info: BuildInfo,
  actions: { showRelease: () => void; checkForUpdates: () => void; packaged: boolean },
  { t }: DesktopTexts = ENGLISH_TEXTS,
): MenuItemSpec[] {
  const app = info.productName;
  return [
    {
      label: app,
      submenu: [{ role: 'about', label: t('desktop.menuAbout', { app }) }, { type: 'separator' }, { role: 'quit', label: t('desktop.menuQuit', { app }) }],
    },
    {
      label: t('desktop.menuEdit'),
      submenu: [
        { role: 'undo', label: t('desktop.menuUndo') },
        { role: 'redo', label: t('desktop.menuRedo') },
        { type: 'separator' },
        { role: 'cut', label: t('desktop.menuCut') },
        { role: 'copy', label: t('desktop.menuCopy') },
        { role: 'paste', label: t('desktop.menuPaste') },
        { role: 'selectAll', label: t('desktop.menuSelectAll') },
      ],
    },
    {
      label: t('desktop.menuView'),
      submenu: [
        { role: 'reload', label: t('desktop.menuReload') },
        { role: 'togglefullscreen', label: t('desktop.menuFullScreen') },
        ...(actions.packaged ? [] : [{ role: 'toggleDevTools' as const, label: t('desktop.menuDevTools') }]),
      ],
    },
    {
      label: t('desktop.menuHelp'),
      submenu: [
        { label: t('desktop.menuNewRelease', { version: info.version }), click: actions.showRelease },
        { label: t('desktop.menuCheckForUpdates'), click: actions.checkForUpdates },
      ],
    },
  ];
}

/** The New Release dialog (Help → New Release): its options for Electron's dialog.showMessageBox. */
export function releaseDialog(info: BuildInfo, texts: DesktopTexts = ENGLISH_TEXTS) {
  return {
    type: 'info' as const,
    title: texts.t('desktop.newReleaseTitle'),
    message: `${info.productName} ${info.version}`,
    detail: releaseDetails(info, texts),
    buttons: [texts.t('desktop.ok')],
  };
}
