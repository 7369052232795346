import { io, type Socket } from 'socket.io-client';
import { createCaller, PORTAL_EVENTS, SESSION_ENDED_EVENT, type Call, type CallerContract, type HandshakeAuth } from '../../shared/protocol';
import { platform } from '../platform';
import { withForcedLogout } from './forced-logout';

/** What the handshake carries: the stored token (the server tells a regular account's from an onboarding one by it). */
export interface ConnectionAuth {
  token: string | null;
}

interface Connection {
  socket: Socket;
  call: Call;
  dispose: () => void;
  auth: ConnectionAuth;
}

let connection: Connection | null = null;

/** The events `call` knows: the portal's from the start, more when a lazily loaded area brings its own. */
const contract: { -readonly [E in keyof CallerContract]: CallerContract[E] } = { ...PORTAL_EVENTS };

/** Teaches `call` the events of an area loaded later (the security center's), without reconnecting. */
export function extendContract(entries: CallerContract): void {
  Object.assign(contract, entries);
}
let onUnauthenticated: () => void = () => undefined;
let onConnectedChange: (connected: boolean) => void = () => undefined;

/** Wires the connection to the session: who to tell about a 401 and about the connected flag. */
export function configureConnection(handlers: { onUnauthenticated: () => void; onConnectedChange: (connected: boolean) => void }): void {
  onUnauthenticated = handlers.onUnauthenticated;
  onConnectedChange = handlers.onConnectedChange;
}

/**
 * Opens the socket with the given handshake auth, replacing the current one when the token changed (the server reads
 * it at handshake). Calls made meanwhile wait in socket.io's buffer.
 */
export function connect(auth: ConnectionAuth): void {
  if (connection && connection.auth.token === auth.token) return;
  disconnect();
  const handshake: HandshakeAuth = auth.token ? { token: auth.token } : {};
  const socket = io(platform.serverOrigin(), { auth: handshake });
  socket.on('connect', () => onConnectedChange(true));
  socket.on('disconnect', () => onConnectedChange(false));
  // The server ends this session's connections when it is revoked elsewhere: sign out as after a 401.
  socket.on(SESSION_ENDED_EVENT, () => onUnauthenticated());
  const caller = createCaller(socket, { contract });
  connection = { socket, call: caller.call, dispose: caller.dispose, auth };
}

export function disconnect(): void {
  if (!connection) return;
  connection.dispose();
  connection.socket.removeAllListeners();
  connection.socket.disconnect();
  connection = null;
  onConnectedChange(false);
}

function current(): Connection {
  if (!connection) connect({ token: null });
  return connection!;
}

/** The call of the logout path itself: a 401 there must not start another logout. */
export const callWithoutForcedLogout: Call = (event, payload) => current().call(event, payload);

/** The typed `call(event, payload)` every screen uses; a 401 from any event logs the user out. */
export const call: Call = withForcedLogout(callWithoutForcedLogout, () => onUnauthenticated());
