/** The renderer's way to the account server: the socket call, and the runtime configuration. */
export { call, callWithoutForcedLogout, configureConnection, connect, disconnect, extendContract, type ConnectionAuth } from './connection';
export { errorMessage } from './error-message';
export { embeddedPortalConfig, fetchPortalConfig, portalConfig, portalConfigFromText, setPortalConfig } from './portal-config';
