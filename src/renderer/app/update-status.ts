import type { UpdateState } from '../../shared/bridge';

/** The line the status bar shows for an update state, or null when there is nothing to say. */
export function updateStatusText(state: UpdateState): string | null {
  switch (state.status) {
    case 'idle':
      return null;
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${state.version} is available and is being downloaded.`;
    case 'downloading':
      return `Downloading version ${state.version || 'update'}: ${state.percent}%`;
    case 'ready':
      return `Version ${state.version} is ready. Restart to use it.`;
    case 'error':
      return `The update could not be installed: ${state.message}`;
  }
}
