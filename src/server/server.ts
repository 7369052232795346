import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from './config';
import { isEmpty, openDatabase, type Database } from './db/client';
import { RateLimiter } from './auth/rate-limit';
import { SessionService } from './auth/sessions';
import { createHttpApp } from './http/app';
import { createLogger, type Logger } from './log';
import { applySeed, parseSeed, readSeedFile, type SeedResult } from './seed/apply-seed';
import demoSeed from './seed/demo-seed.json' with { type: 'json' };
import { registerEvents } from './socket/register';
import { signInHandlers } from './socket/handlers/sign-in';
import { workspaceHandlers } from './socket/handlers/workspace';
import { signUpHandlers } from './socket/handlers/sign-up';
import { passwordHandlers } from './socket/handlers/password';
import { invitationHandlers } from './socket/handlers/invitations';
import { onboardingHandlers } from './socket/handlers/onboarding';
import { loadMfaKey } from './auth/mfa-secrets';
import { createMailer } from './mail/mailer';
import { multiFactorHandlers } from './socket/handlers/multi-factor';
import { recoveryHandlers } from './socket/handlers/recovery';
import type { Services } from './services';

export interface PortalServer {
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  services: Services;
  database: Database;
  /** What seeding did at start: the file applied, or the demo seed, or nothing. */
  seeded: { source: 'file' | 'demo'; result: SeedResult } | null;
  close(): Promise<void>;
}

export { demoSeed };

/**
 * Starts the account server: database (migrated), seed, HTTP and socket.io on one port.
 * Everything it needs comes in through `config`; nothing is read from globals.
 */
export async function startPortalServer(config: ServerConfig, options: { log?: Logger } = {}): Promise<PortalServer> {
  const log = options.log ?? createLogger();
  const database = await openDatabase(config);
  let httpServer: HttpServer | null = null;
  try {
    const { db } = database;
    let seeded: PortalServer['seeded'] = null;
    if (config.seedFile) {
      seeded = { source: 'file', result: await applySeed(db, await readSeedFile(config.seedFile), config.seedFile) };
    } else if (await isEmpty(db)) {
      seeded = { source: 'demo', result: await applySeed(db, parseSeed(demoSeed, 'demo seed'), 'demo seed') };
    }
    if (seeded) log.info('seed.applied', { source: seeded.source, ...seeded.result });

    const mailer = createMailer(config, log);
    const mfaKey = await loadMfaKey(config.mfaKey, config.dataDir);
    const services: Services = { config, db, sessions: await SessionService.create(db), limiter: new RateLimiter(db), log, mailer, mfaKey };
    httpServer = createServer(createHttpApp(services));
    const io = new SocketServer(httpServer, { maxHttpBufferSize: 64 * 1024, serveClient: false, cors: { origin: false } });
    registerEvents(io, services, {
      ...signInHandlers(services),
      ...workspaceHandlers(services),
      ...signUpHandlers(services),
      ...passwordHandlers(services),
      ...invitationHandlers(services),
      ...onboardingHandlers(services),
      ...multiFactorHandlers(services),
      ...recoveryHandlers(services),
    });

    const server = httpServer;
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolveListen());
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;
    log.info('server.listening', { url, engine: database.engine, mail: mailer.describe() });

    return {
      url,
      services,
      database,
      seeded,
      close: async () => {
        await io.close();
        await mailer.flush();
        await database.close();
      },
    };
  } catch (error) {
    httpServer?.close();
    await database.close();
    throw error;
  }
}
