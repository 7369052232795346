import { createDownloadLinks } from '../downloads/download-links';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/** Downloads: getBuildInfo, the links of spec section 3 from the release feeds and the configured store links. */
export function downloadsHandlers({ config, log }: Services): HandlerMap {
  const links = createDownloadLinks({ updatesDir: config.updatesDir, publicUrl: config.publicUrl, mobileLinks: config.mobileLinks, log });
  return {
    async getBuildInfo() {
      return links.read();
    },
  };
}
