// Entry of `npm start` (built: node dist/server/main.js): read the configuration, take the port, then load and start
// the account server and print where to go and how to sign in. Only the configuration and the listening socket are
// loaded before the port is taken; the rest (express, socket.io, the database engine…) is imported after it, so a
// start is answered (/healthz) as soon as possible and requests wait for the app instead of being refused.
import { ConfigError, loadConfig } from './config';
import { databaseLost } from './db/connection-lost';
import { listenEarly } from './http/listen-early';
import { createLogger, describeError } from './log';

let log = createLogger();

try {
  const config = loadConfig();
  log = createLogger(undefined, { level: config.logLevel, format: config.logFormat });
  const early = await listenEarly(config);
  // The embedded database takes longest to open (a second or two of WebAssembly, on its own thread): it starts now,
  // while the rest of the server loads. Its failure is told where the server waits for it.
  const embedded = config.databaseUrl ? undefined : import('./db/pglite-thread').then(({ openPgliteThread, pgliteDirectory }) => openPgliteThread(pgliteDirectory(config.dataDir), databaseLost(log)));
  embedded?.catch(() => undefined);
  const [{ startPortalServer }, { startBanner }] = await Promise.all([import('./server'), import('./start-banner')]);
  const server = await startPortalServer(config, { log, early, embedded });
  const lines = startBanner(config, server.database.engine, undefined, server.seeded?.result ?? null);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  const stop = (signal: string) => {
    log.info('server.stopping', { signal });
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  // A bad seed file is told by name: its module loads with the server, after the port is taken.
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'SeedError')) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log.error('server.start-failed', describeError(error));
  }
  process.exit(1);
}
