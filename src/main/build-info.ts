import type { BuildInfo } from '../shared/bridge';
import type { DesktopConfig } from './desktop-config';
import { FLAVORS } from './flavor';

/** The running process facts build info reads (Electron's `process`). */
export interface ProcessFacts {
  platform: string;
  arch: string;
  versions: { electron?: string; chrome?: string };
}

/** Version, flavor, runtime, build date and commit: the menu's New Release entry and the login form's appVersion. */
export function collectBuildInfo(version: string, config: DesktopConfig, facts: ProcessFacts): BuildInfo {
  return {
    version,
    flavor: config.flavor,
    productName: FLAVORS[config.flavor].productName,
    platform: facts.platform,
    arch: facts.arch,
    electron: facts.versions.electron ?? 'unknown',
    chrome: facts.versions.chrome ?? 'unknown',
    buildDate: config.buildDate,
    commit: config.commit,
    serverOrigin: config.serverOrigin,
  };
}
