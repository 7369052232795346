/**
 * What the socket needs once it opens, loaded after the first paint (one lazy chunk, fetched as soon as boot asks for
 * the connection): socket.io-client, the typed caller and the portal's event contract with its zod schemas. Nothing
 * here is needed to paint /login; a call made earlier waits for this chunk as it would in socket.io's buffer.
 */
export { io } from 'socket.io-client';

/**
 * WebSocket first, so several server instances behind a load balancer need no sticky sessions (README, "Running in
 * production"); HTTP long-polling only where a WebSocket cannot get through (a proxy that blocks it).
 */
export const TRANSPORTS = { transports: ['websocket', 'polling'], tryAllTransports: true };
export { createCaller, PORTAL_EVENTS, SESSION_ENDED_EVENT } from '../../shared/protocol';

// The language picker's word to the server (setLanguage), from the moment a connection exists.
import '../session/account-language';
