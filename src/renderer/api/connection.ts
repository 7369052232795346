import { io, type Socket } from 'socket.io-client';
import { createCaller, type Call, type HandshakeAuth } from '../../shared/protocol';
import { platform } from '../platform';
import { withForcedLogout } from './forced-logout';

export type AccountType = NonNullable<HandshakeAuth['accountType']>;

export interface ConnectionAuth {
  token: string | null;
  accountType: AccountType;
}

interface Connection {
  socket: Socket;
  call: Call;
  dispose: () => void;
  auth: ConnectionAuth;
}

let connection: Connection | null = null;
let onUnauthenticated: () => void = () => undefined;
let onConnectedChange: (connected: boolean) => void = () => undefined;

/** Wires the connection to the session: who to tell about a 401 and about the connected flag. */
export function configureConnection(handlers: { onUnauthenticated: () => void; onConnectedChange: (connected: boolean) => void }): void {
  onUnauthenticated = handlers.onUnauthenticated;
  onConnectedChange = handlers.onConnectedChange;
}

/**
 * Opens the socket with the given handshake auth, replacing the current one when the token or account type
 * changed (the server reads them at handshake). Calls made meanwhile wait in socket.io's buffer.
 */
export function connect(auth: ConnectionAuth): void {
  if (connection && connection.auth.token === auth.token && connection.auth.accountType === auth.accountType) return;
  disconnect();
  const handshake: HandshakeAuth = auth.token ? { token: auth.token, accountType: auth.accountType } : { accountType: auth.accountType };
  const socket = io(platform.serverOrigin(), { auth: handshake });
  socket.on('connect', () => onConnectedChange(true));
  socket.on('disconnect', () => onConnectedChange(false));
  const caller = createCaller(socket);
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
  if (!connection) connect({ token: null, accountType: 'user' });
  return connection!;
}

/** The call of the logout path itself: a 401 there must not start another logout. */
export const callWithoutForcedLogout: Call = (event, payload) => current().call(event, payload);

/** The typed `call(event, payload)` every screen uses; a 401 from any event logs the user out. */
export const call: Call = withForcedLogout(callWithoutForcedLogout, () => onUnauthenticated());
