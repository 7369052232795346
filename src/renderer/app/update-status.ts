import type { UpdateState } from '../../shared/bridge';
import { t } from '../i18n/screens';

/** The line the status bar shows for an update state (in the language shown), or null when there is nothing to say. */
export function updateStatusText(state: UpdateState): string | null {
  switch (state.status) {
    case 'idle':
      return null;
    case 'checking':
      return t('kit.updateChecking');
    case 'available':
      return t('kit.updateAvailable', { version: state.version });
    case 'downloading':
      return state.version ? t('kit.updateDownloading', { version: state.version, percent: state.percent }) : t('kit.updateDownloadingUpdate', { percent: state.percent });
    case 'ready':
      return t('kit.updateReady', { version: state.version });
    case 'error':
      return t('kit.updateError', { message: state.message });
  }
}
