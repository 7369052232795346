import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../ui/dialog';
import { DownloadList } from '../downloads/download-list';
import type { MenuDialog } from './menu-items';
import { NewReleaseDetails } from './new-release-details';
import { ShortcutList } from './shortcut-list';
import { TroubleshootingDetails } from './troubleshooting-details';

const TITLES: Record<MenuDialog, string> = {
  'new-release': 'New Release',
  'download-app': 'Download App',
  shortcuts: 'Shortcuts',
  troubleshooting: 'Troubleshooting',
};

/** The dialogs the menu opens; one at a time. */
export function MenuDialogs({ open, onClose, returnFocusTo }: { open: MenuDialog | null; onClose: () => void; returnFocusTo: RefObject<HTMLElement | null> }) {
  return (
    <Dialog open={open !== null} title={open ? TITLES[open] : ''} onClose={onClose} returnFocusTo={returnFocusTo}>
      {open === 'new-release' ? <NewReleaseDetails /> : null}
      {open === 'download-app' ? (
        <>
          <DownloadList compact headingLevel={3} />
          <p>
            <Link to="/downloads" onClick={onClose}>
              All downloads, with versions and sizes
            </Link>
          </p>
        </>
      ) : null}
      {open === 'shortcuts' ? <ShortcutList /> : null}
      {open === 'troubleshooting' ? <TroubleshootingDetails /> : null}
    </Dialog>
  );
}
