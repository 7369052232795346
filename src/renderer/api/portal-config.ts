import { HTTP_ROUTES, parsePortalConfig, type PortalConfig } from '../../shared/protocol/http';

let loaded: PortalConfig | null = null;

/** Fetches and validates GET /portal-config.json; any failure (network, status, shape) rejects. */
export async function fetchPortalConfig(origin: string, fetchImpl: typeof fetch = fetch): Promise<PortalConfig> {
  const response = await fetchImpl(`${origin}${HTTP_ROUTES.portalConfig}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The portal settings could not be loaded (HTTP ${response.status}).`);
  const parsed = parsePortalConfig(await response.json());
  if (!parsed) throw new Error('The portal settings from the server are not valid.');
  return parsed;
}

export function setPortalConfig(config: PortalConfig): void {
  loaded = config;
}

/** The deployment's configuration, loaded once at boot before any screen renders. */
export function portalConfig(): PortalConfig {
  if (!loaded) throw new Error('portalConfig() was read before boot loaded it.');
  return loaded;
}
