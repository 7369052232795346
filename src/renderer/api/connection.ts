import type { Socket } from 'socket.io-client';
import type { Call, CallerContract, HandshakeAuth } from '../../shared/protocol';
import { afterFirstPaint, platform } from '../platform';
import { withForcedLogout } from './forced-logout';

/** What the handshake carries: the stored token and whose it is (the spec's account-type flag). */
export interface ConnectionAuth {
  token: string | null;
  accountType: 'user' | 'onboarding';
}

interface Open {
  socket: Socket;
  call: Call;
  dispose: () => void;
}

interface Connection {
  auth: ConnectionAuth;
  /** The socket once socket.io-client has loaded; calls made before wait for it, as they would in its buffer. */
  open: Promise<Open>;
  closed: boolean;
}

/** The events `call` knows: the portal's once the wire chunk is in, more when a lazily loaded area brings its own. */
const contract: { -readonly [E in keyof CallerContract]: CallerContract[E] } = {};

/**
 * socket.io-client, the caller and the event contract (zod and every event's schemas) are loaded after the entry, not
 * with it: nothing of them is needed to paint /login, and the socket opens once the first screen shows
 * (npm run bench -- bundle lcp). The contract's entries join `contract` when the chunk arrives.
 */
let wire: Promise<typeof import('./wire-contract')> | null = null;
const loadWire = () =>
  (wire ??= afterFirstPaint()
    .then(() => import('./wire'))
    .then(({ loadWireContract }) => loadWireContract())
    .then((loaded) => {
      // Entries an area added before the chunk arrived stay; the portal's own come first.
      Object.assign(contract, { ...loaded.PORTAL_EVENTS, ...contract });
      return loaded;
    }));

let connection: Connection | null = null;

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
 * Opens the socket with the given handshake auth, replacing the current one when the token or its account type
 * changed (the server reads both at handshake). Calls made meanwhile wait in socket.io's buffer.
 */
export function connect(auth: ConnectionAuth): void {
  if (connection && connection.auth.token === auth.token && connection.auth.accountType === auth.accountType) return;
  disconnect();
  // A desktop app's trusted device rides along (a browser's is its HttpOnly cookie), read afresh for each connection.
  const deviceToken = platform.deviceToken();
  const handshake: HandshakeAuth = { ...(auth.token ? { token: auth.token, accountType: auth.accountType } : {}), ...(deviceToken ? { deviceToken } : {}) };
  const entry: Connection = {
    auth,
    closed: false,
    open: loadWire().then(({ io, createCaller, SESSION_ENDED_EVENT, TRANSPORTS }) => {
      const socket = io(platform.serverOrigin(), { ...TRANSPORTS, auth: handshake, autoConnect: !entry.closed });
      socket.on('connect', () => onConnectedChange(true));
      socket.on('disconnect', () => onConnectedChange(false));
      // The server ends this session's connections when it is revoked elsewhere: sign out as after a 401.
      socket.on(SESSION_ENDED_EVENT, () => onUnauthenticated());
      const caller = createCaller(socket, { contract });
      // Ended before it loaded: never connected (autoConnect), closed by disconnect's own `then`.
      return { socket, call: caller.call, dispose: caller.dispose };
    }),
  };
  connection = entry;
}

function close(open: Open): void {
  open.dispose();
  open.socket.removeAllListeners();
  open.socket.disconnect();
}

export function disconnect(): void {
  if (!connection) return;
  const ending = connection;
  ending.closed = true;
  connection = null;
  void ending.open.then(close, () => undefined);
  onConnectedChange(false);
}

function current(): Connection {
  if (!connection) connect({ token: null, accountType: 'user' });
  return connection!;
}

/** The call of the logout path itself: a 401 there must not start another logout. */
export const callWithoutForcedLogout: Call = (event, payload) => current().open.then((open) => open.call(event, payload));

/** The typed `call(event, payload)` every screen uses; a 401 from any event logs the user out. */
export const call: Call = withForcedLogout(callWithoutForcedLogout, () => onUnauthenticated());
