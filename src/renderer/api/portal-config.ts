import { HTTP_ROUTES, parsePortalConfig, PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../shared/protocol/http';

let loaded: PortalConfig | null = null;

/** Fetches and validates GET /portal-config.json; any failure (network, status, shape) rejects. */
export async function fetchPortalConfig(origin: string, fetchImpl: typeof fetch = fetch): Promise<PortalConfig> {
  const response = await fetchImpl(`${origin}${HTTP_ROUTES.portalConfig}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The portal settings could not be loaded (HTTP ${response.status}).`);
  const parsed = parsePortalConfig(await response.json());
  if (!parsed) throw new Error('The portal settings from the server are not valid.');
  return parsed;
}

/**
 * The portal config the account server wrote into the page (src/server/http/portal-page.ts), or null where the page
 * carries none or an invalid one: the desktop apps' pages, and the service worker's copy of the web portal's.
 */
export function embeddedPortalConfig(doc: Document): PortalConfig | null {
  return portalConfigFromText(doc.getElementById(PORTAL_CONFIG_ELEMENT_ID)?.textContent);
}

/** The portal config in JSON text (the page's, or the one remembered at the last start); null when absent or not one. */
export function portalConfigFromText(text: string | null | undefined): PortalConfig | null {
  if (!text) return null;
  try {
    return parsePortalConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

export function setPortalConfig(config: PortalConfig): void {
  loaded = config;
}

/** The deployment's configuration, loaded once at boot before any screen renders. */
export function portalConfig(): PortalConfig {
  if (!loaded) throw new Error('portalConfig() was read before boot loaded it.');
  return loaded;
}
