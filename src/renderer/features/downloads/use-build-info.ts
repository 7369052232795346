import { useEffect, useState } from 'react';
import type { DownloadData } from '../../../shared/protocol';
import { call, errorMessage } from '../../api';

export type BuildInfoState = { status: 'loading' } | { status: 'ready'; data: DownloadData } | { status: 'failed'; message: string };

// One request per page load for the screen, the panel and New Release; a failure is not remembered.
let pending: Promise<DownloadData> | null = null;

function fetchBuildInfo(): Promise<DownloadData> {
  if (!pending) {
    pending = call('getBuildInfo', undefined);
    pending.catch(() => (pending = null));
  }
  return pending;
}

/** getBuildInfo: the download links of spec section 3 (with version, size and date for the desktop apps). */
export function useBuildInfo(): BuildInfoState {
  const [state, setState] = useState<BuildInfoState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchBuildInfo().then(
      (data) => live && setState({ status: 'ready', data }),
      (failure: unknown) => live && setState({ status: 'failed', message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
