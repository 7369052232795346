// Entry of `npm start`: read the configuration, start the account server, print where to go and how to sign in.
import { ConfigError, loadConfig } from './config';
import { createLogger, describeError } from './log';
import { SeedError } from './seed/apply-seed';
import { demoSeed, startPortalServer } from './server';

const log = createLogger();

try {
  const config = loadConfig();
  const server = await startPortalServer(config, { log });
  const lines = [
    '',
    `  Suite Portal is running: open ${config.publicUrl}`,
    `  Database: ${server.database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (!config.seedFile) {
    lines.push('', '  Demo sign-ins (email or user name, then password):');
    for (const user of demoSeed.users) {
      const note = user.mustChangePassword ? ' (must change password)' : user.verified === false ? ' (not verified yet)' : '';
      lines.push(`    ${user.email.padEnd(20)} ${user.password.padEnd(15)}${note}`);
    }
  }
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
