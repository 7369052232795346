import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from './config';
import { isEmpty, openDatabase, type Database } from './db/client';
import { databaseLost } from './db/connection-lost';
import type { PgliteThread } from './db/pglite-thread';
import { AccountCache, CHANGES_CHANNEL } from './accounts/account-cache';
import { mailUnlockLinkOnLock } from './auth/lockout';
import { auditLocks } from './audit/audit-log';
import { SessionService } from './auth/sessions';
import { createBackground } from './background';
import { trustFunction } from './http/client-address';
import { loadServerSecret } from './db/server-secrets';
import { AttemptLimiter, type LockEvent } from './limits/limiter';
import { createMetrics } from './metrics';
import { databaseLimitStore, redisLimitStore } from './limits/stores';
import { createPayloadCodec } from './pipeline/payload-codec';
import { adminApiPipelineCalls, createPipeline, HTTP_PIPELINE_CALLS } from './pipeline/pipeline';
import { createOidcProvider } from './oidc/provider';
import { deleteExpiredModels } from './oidc/adapter';
import { sendBackchannelLogouts } from './oidc/backchannel-logout';
import { connectedAppHandlers } from './handlers/connected-apps';
import { oauth2Router } from './http/oauth2-routes';
import { oauth2Handlers } from './handlers/oauth2';
import { createHttpApp } from './http/app';
import { listenEarly, type EarlyListener } from './http/listen-early';
import { createLogger, type Logger } from './log';
import { applySeed, parseSeed, readSeedFile, type SeedResult } from './seed/apply-seed';
import demoSeed from './seed/demo-seed.json' with { type: 'json' };
import { shareSocketsThroughRedis } from './socket/redis-adapter';
import { registerSocketCalls } from './socket/register';
import { signInHandlers } from './handlers/sign-in';
import { microsoftHandlers } from './handlers/microsoft';
import { createMicrosoftSignIn } from './microsoft/microsoft-sign-in';
import { createSsoSignIn } from './sso/sso-sign-in';
import { ssoHandlers } from './handlers/sso';
import { adminSsoHandlers } from './handlers/admin-sso';
import { workspaceHandlers } from './handlers/workspace';
import { signUpHandlers } from './handlers/sign-up';
import { passwordHandlers } from './handlers/password';
import { invitationHandlers } from './handlers/invitations';
import { onboardingHandlers } from './handlers/onboarding';
import { multiFactorHandlers } from './handlers/multi-factor';
import { securityCenterHandlers } from './handlers/security-center';
import { passkeyHandlers } from './handlers/passkeys';
import { deviceTrustHandlers, trustedDeviceHandlers } from './handlers/trusted-devices';
import { deviceTrustRouter } from './http/device-trust-routes';
import { adminMemberHandlers } from './handlers/admin-members';
import { adminInvitationHandlers } from './handlers/admin-invitations';
import { adminSettingsHandlers } from './handlers/admin-settings';
import { adminAppHandlers } from './handlers/admin-apps';
import { adminDomainHandlers } from './handlers/admin-domains';
import { adminScimHandlers } from './handlers/admin-scim';
import { scimRouter } from './http/scim-routes';
import { adminImageHandlers } from './handlers/admin-images';
import { imagesRouter } from './http/images-routes';
import { adminApiRouter } from './http/admin-api-routes';
import { adminApiHandlers } from './handlers/admin-api';
import { appTokenChecker } from './oidc/app-tokens';
import { deleteUnattachedImages } from './organizations/images';
import { loadMfaKey } from './auth/mfa-secrets';
import { createMailer } from './mail/mailer';
import { languageHandlers } from './handlers/language';
import { downloadsHandlers } from './handlers/downloads';
import type { Services } from './services';

export interface PortalServer {
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  services: Services;
  database: Database;
  /** What seeding did at start: the file applied, or the demo seed, or nothing. */
  seeded: { source: 'file' | 'demo'; result: SeedResult } | null;
  /** Resolves when the work calls started in the background, and the mail it queued, are done (tests, shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export { demoSeed };

/** How often unattached uploaded images are looked for (each is deleted once an hour old). */
const UNATTACHED_IMAGES_SWEEP_MS = 10 * 60_000;

/**
 * Starts the account server: database (migrated), seed, HTTP and socket.io on one port.
 * Everything it needs comes in through `config`; nothing is read from globals.
 */
export async function startPortalServer(
  config: ServerConfig,
  options: { log?: Logger; early?: EarlyListener; embedded?: Promise<PgliteThread> } = {},
): Promise<PortalServer> {
  const log = options.log ?? createLogger();
  // The port is taken first, while the database opens (on PGlite the longest part of a start): a load balancer's
  // health check gets an answer, a port already in use fails at once, and requests meanwhile wait for the app.
  const early = options.early ?? (await listenEarly(config));
  const httpServer: HttpServer = early.server;
  let database: Database;
  try {
    database = await openDatabase(config, databaseLost(log), options.embedded);
  } catch (error) {
    early.fail();
    throw error;
  }
  try {
    const { db } = database;
    let seeded: PortalServer['seeded'] = null;
    if (config.seedFile) {
      seeded = { source: 'file', result: await applySeed(db, await readSeedFile(config.seedFile), config.seedFile) };
    } else if (await isEmpty(db)) {
      seeded = { source: 'demo', result: await applySeed(db, parseSeed(demoSeed, 'demo seed'), 'demo seed') };
    }
    if (seeded) log.info('seed.applied', { source: seeded.source, ...seeded.result });

    const mailer = createMailer(config, db, log);
    const mfaKey = await loadMfaKey(config.mfaKey, config.dataDir);
    let services: Services | null = null;
    const metrics = createMetrics();
    // Every instance of one deployment (one database) shares this name: its keys and channels in a shared Redis.
    const namespace = `portal-${(await loadServerSecret(db, 'deployment-id')).slice(0, 12)}`;
    const mailUnlock = mailUnlockLinkOnLock(() => services!);
    const auditLock = auditLocks(() => services!);
    const limiter = new AttemptLimiter(
      config.redisUrl ? await redisLimitStore(config.redisUrl, namespace) : databaseLimitStore(db),
      {
        // One lock, told to both: the owner's unlock mail, and the audit log.
        onLocked: (event: LockEvent) => {
          mailUnlock(event);
          auditLock(event);
        },
        onRefused: (policy) => metrics.limitTripped(policy),
      },
    );
    const background = createBackground(log);
    const cache = new AccountCache();
    await database.listen(CHANGES_CHANNEL, cache);
    services = {
      config,
      db,
      sessions: await SessionService.create(db, cache),
      cache,
      limiter,
      log,
      mailer,
      background,
      metrics,
      mfaKey,
      microsoft: createMicrosoftSignIn(config, db, log),
      sso: createSsoSignIn(config, db, log, mfaKey),
    };
    const oidc = await createOidcProvider(db, config.publicUrl, { trustProxy: config.trustProxy.kind !== 'none' });
    const httpPipeline = createPipeline(services, { ...oauth2Handlers(services, oidc.provider), ...adminImageHandlers(services), ...deviceTrustHandlers(services) }, null, HTTP_PIPELINE_CALLS);
    const expiredOidcRows = setInterval(() => void deleteExpiredModels(db).catch((error: Error) => log.warn('oidc.cleanup-failed', { error: error.message })), 3_600_000);
    expiredOidcRows.unref();
    // A portal session ended (on any instance): the apps signed in with it are told (OpenID back-channel logout).
    cache.onSessionEnded((sessionId) => background.run('oidc.backchannel-logout', () => sendBackchannelLogouts(db, oidc.provider, log, sessionId)));
    // Images uploaded in the admin console and not put to use within the hour (organizations/images.ts).
    const unattachedImages = setInterval(
      () => void deleteUnattachedImages(db).catch((error: Error) => log.warn('images.cleanup-failed', { error: error.message })),
      UNATTACHED_IMAGES_SWEEP_MS,
    );
    unattachedImages.unref();
    const adminApiPipeline = createPipeline(services, adminApiHandlers(services), null, adminApiPipelineCalls(appTokenChecker(db, oidc.provider)));
    const app = createHttpApp(services, {
      oauth2: oauth2Router(oidc, httpPipeline, log),
      images: imagesRouter(db, httpPipeline, log),
      adminApi: adminApiRouter(adminApiPipeline, log),
      deviceTrust: deviceTrustRouter(httpPipeline, log, config.publicUrl),
      scim: scimRouter(services),
    });
    // Above 64 KB a message is not read: socket.io closes the connection (README, "Wire format").
    const io = new SocketServer(httpServer, { maxHttpBufferSize: 64 * 1024, serveClient: false, cors: { origin: false } });
    const closeAdapter = config.redisUrl ? await shareSocketsThroughRedis(io, config.redisUrl, namespace) : async () => undefined;
    const pipeline = createPipeline(
      services,
      {
        ...signInHandlers(services),
        ...microsoftHandlers(services),
        ...ssoHandlers(services),
        ...workspaceHandlers(services),
        ...signUpHandlers(services),
        ...passwordHandlers(services),
        ...invitationHandlers(services),
        ...onboardingHandlers(services),
        ...multiFactorHandlers(services),
        ...downloadsHandlers(services),
        ...languageHandlers(services),
        ...securityCenterHandlers(services),
        ...connectedAppHandlers(services),
        ...passkeyHandlers(services),
        ...trustedDeviceHandlers(services),
        ...adminMemberHandlers(services),
        ...adminInvitationHandlers(services),
        ...adminSettingsHandlers(services),
        ...adminAppHandlers(services),
        ...adminDomainHandlers(services),
        ...adminSsoHandlers(services),
        ...adminScimHandlers(services),
      },
      config.payloadKey ? createPayloadCodec(config.payloadKey) : null,
    );
    const socketCalls = registerSocketCalls(io, pipeline, { log, trustProxy: trustFunction(config.trustProxy), cache, metrics });
    mailer.start();
    metrics.setSources({ sockets: () => io.engine.clientsCount, outboxDepth: () => mailer.depth(), cache: () => ({ hits: cache.hits, misses: cache.misses }) });

    const server = httpServer;
    early.ready(app);
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;
    log.info('server.listening', { url, engine: database.engine, mail: mailer.describe() });

    // A graceful stop, within 10 s whatever the relay or the clients do: no new calls, the calls already running
    // answered, the sockets closed, work started in the background and the message being sent finished (undelivered
    // mail stays in the outbox for the next start), then the database. Called twice, it stops once.
    let closing: Promise<void> | null = null;
    const stop = async () => {
      const deadline = Date.now() + 8_000;
      const within = (work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())]);
      socketCalls.stopAccepting();
      clearInterval(expiredOidcRows);
      clearInterval(unattachedImages);
      await within(socketCalls.settled());
      // io.close() also closes the HTTP server (which in Node 22 drops idle connections, upgraded sockets too: so
      // only after the running calls have answered).
      await io.close();
      await closeAdapter();
      await within(background.flush());
      await mailer.close(Math.max(0, deadline - Date.now()));
      await limiter.close();
      await database.close();
    };

    return {
      url,
      services,
      database,
      seeded,
      drain: async () => {
        await background.flush();
        await mailer.flush();
      },
      close: () => (closing ??= stop()),
    };
  } catch (error) {
    early.fail();
    await database.close();
    throw error;
  }
}
