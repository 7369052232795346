import type { PortalConfig } from '../shared/protocol';

/** The named links of the menu main may open in the system browser. */
export type ExternalLinkName = 'helpVideo' | 'documents' | 'support';

const WEB = /^https?:\/\//i;

/**
 * The URL of one of the deployment's links, as the account server's /portal-config.json names it (main fetched it
 * itself), or null when the deployment has none. Only http(s) pages and a mailto: for the support address.
 */
export function resolveExternalLink(config: Pick<PortalConfig, 'helpVideoUrl' | 'documentsUrl' | 'support'>, link: ExternalLinkName): string | null {
  if (link === 'support') {
    if (!config.support) return null;
    return 'email' in config.support ? `mailto:${encodeURIComponent(config.support.email).replace('%40', '@')}` : WEB.test(config.support.url) ? config.support.url : null;
  }
  const url = link === 'helpVideo' ? config.helpVideoUrl : config.documentsUrl;
  return url && WEB.test(url) ? url : null;
}
