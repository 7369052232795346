import { HTTP_ROUTES, parsePortalConfig, type PortalConfig } from '../shared/protocol';

/**
 * The product hosts, from the account server's /portal-config.json (the same file the renderer reads), fetched
 * once and again after a failure. Main needs them for product routing and for the navigation allowlist.
 */
export function createPortalHosts(serverOrigin: string, fetchImpl: typeof fetch = fetch) {
  let loaded: PortalConfig | null = null;
  let pending: Promise<PortalConfig> | null = null;
  const load = async (): Promise<PortalConfig> => {
    const response = await fetchImpl(`${serverOrigin}${HTTP_ROUTES.portalConfig}`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`The portal settings could not be loaded (HTTP ${response.status}).`);
    const config = parsePortalConfig(await response.json());
    if (!config) throw new Error('The portal settings from the server are not valid.');
    return config;
  };
  return {
    /** The configuration, loading it when needed. */
    get(): Promise<PortalConfig> {
      if (loaded) return Promise.resolve(loaded);
      pending ??= load().then(
        (config) => (loaded = config),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    /** The product host origins known so far (none before the first load). */
    origins(): string[] {
      return loaded ? [...Object.values(loaded.productUrls), loaded.trackUrl] : [];
    },
  };
}
