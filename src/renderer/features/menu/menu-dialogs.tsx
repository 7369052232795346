import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useT, type MessageId } from '../../i18n/screens';
import { Dialog } from '../../ui/dialog';
import { DownloadList } from '../downloads/download-list';
import type { MenuDialog } from './menu-items';
import { NewReleaseDetails } from './new-release-details';
import { ShortcutList } from './shortcut-list';
import { TroubleshootingDetails } from './troubleshooting-details';

const TITLES: Record<MenuDialog, MessageId> = {
  'new-release': 'menu.newRelease',
  'download-app': 'menu.downloadApp',
  shortcuts: 'menu.shortcuts',
  troubleshooting: 'menu.troubleshooting',
};

/** The dialogs the menu opens; one at a time. */
export function MenuDialogs({ open, onClose, returnFocusTo }: { open: MenuDialog | null; onClose: () => void; returnFocusTo: RefObject<HTMLElement | null> }) {
  const t = useT();
  return (
    <Dialog open={open !== null} title={open ? t(TITLES[open]) : ''} onClose={onClose} returnFocusTo={returnFocusTo}>
      {open === 'new-release' ? <NewReleaseDetails /> : null}
      {open === 'download-app' ? (
        <>
          <DownloadList compact headingLevel={3} />
          <p>
            <Link to="/downloads" onClick={onClose}>
              {t('menu.allDownloads')}
            </Link>
          </p>
        </>
      ) : null}
      {open === 'shortcuts' ? <ShortcutList /> : null}
      {open === 'troubleshooting' ? <TroubleshootingDetails /> : null}
    </Dialog>
  );
}
