import { describe, expect, it } from 'vitest';
import { updateStatusText } from './update-status';

describe('update status line', () => {
  it('says what the updater is doing, with version and percent', () => {
    expect(updateStatusText({ status: 'idle' })).toBeNull();
    expect(updateStatusText({ status: 'checking' })).toBe('Checking for updates…');
    expect(updateStatusText({ status: 'available', version: '1.5.0' })).toBe('Version 1.5.0 is available and is being downloaded.');
    expect(updateStatusText({ status: 'downloading', version: '1.5.0', percent: 37 })).toBe('Downloading version 1.5.0: 37%');
    expect(updateStatusText({ status: 'ready', version: '1.5.0' })).toBe('Version 1.5.0 is ready. Restart to use it.');
    expect(updateStatusText({ status: 'error', message: 'offline' })).toBe('The update could not be installed: offline');
  });
});
