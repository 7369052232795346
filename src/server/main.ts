// Entry of `npm start`: read the configuration, start the account server, print where to go and how to sign in.
import { ConfigError, loadConfig } from './config';
import { createLogger, describeError } from './log';
import { SeedError } from './seed/apply-seed';
import { startPortalServer } from './server';
import { startBanner } from './start-banner';

let log = createLogger();

try {
  const config = loadConfig();
  log = createLogger(undefined, { level: config.logLevel, format: config.logFormat });
  const server = await startPortalServer(config, { log });
  const lines = startBanner(config, server.database.engine);
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
  if (error instanceof ConfigError || error instanceof SeedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log.error('server.start-failed', describeError(error));
  }
  process.exit(1);
}
