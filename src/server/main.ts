// Entry of `npm start`: read the configuration, start the account server, print where to go and how to sign in.
import { ConfigError, loadConfig } from './config';
import { createLogger, describeError } from './log';
import { SeedError } from './seed/apply-seed';
import { demoSeed, startPortalServer } from './server';

const log = createLogger();

type DemoUser = (typeof demoSeed.users)[number] & { mustChangePassword?: boolean; verified?: boolean };

/** What a demo account shows, so a newcomer knows which branch each one tries. */
function demoNote(user: DemoUser): string {
  if (user.mustChangePassword) return '(must change password)';
  if (user.verified === false) return '(not verified yet)';
  const policies = user.memberships.flatMap((membership) => {
    const org = demoSeed.organizations.find((item) => item.orgId === membership.orgId) as { mfa?: { email: boolean; authenticatorApp: boolean } } | undefined;
    return org?.mfa ? [org.mfa] : [];
  });
  const email = policies.some((policy) => policy.email);
  const app = policies.some((policy) => policy.authenticatorApp);
  if (email && app) return '(second factor: choose email or authenticator)';
  if (app) return '(second factor: authenticator app)';
  if (email) return '(second factor: emailed code)';
  return '';
}

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
    const width = Math.max(...demoSeed.users.map((user) => user.email.length)) + 2;
    for (const user of demoSeed.users) {
      lines.push(`    ${user.email.padEnd(width)}${user.password.padEnd(16)}${demoNote(user)}`);
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
