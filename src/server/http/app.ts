import { join } from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type Request, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { robotsTxt } from '../../shared/portal-paths';
import { HTTP_ROUTES, type PortalConfig } from '../../shared/protocol';
import { databaseReady } from '../db/client';
import { describeError } from '../log';
import { metricsRoute } from '../metrics';
import { projectRoot } from '../paths';
import { consoleLoggingAt } from './console-logging';
import { microsoftSignInRouter } from './microsoft-sign-in';
import { ssoRouter } from './sso-routes';
import { portalPage } from './portal-page';
import { OrganizationLanguages } from '../organizations/language';
import type { ServerConfig } from '../config';
import type { Services } from '../services';
import { trustFunction } from './client-address';
import { productPreviewRouter } from './product-preview';
import { securityHeaders } from './security-headers';
import { updatesRouter } from './updates';

const RESOURCES = join(projectRoot(), 'resources');

/**
 * What GET /portal-config.json answers, and the portal's page carries (portal-page.ts); `consoleLogging` is decided
 * per request, for the host the page or the config was asked on (console-logging.ts).
 */
function portalConfigOf(config: ServerConfig): PortalConfig {
  return {
    productUrls: config.productUrls,
    trackUrl: config.trackUrl,
    cookieDomain: config.cookieDomain,
    publicUrl: config.publicUrl,
    helpVideoUrl: config.helpVideoUrl,
    documentsUrl: config.documentsUrl,
    support: config.support,
    consoleLogging: false,
    microsoftSignIn: config.microsoft !== null,
  };
}

/** The HTTP side of the account server: security headers, runtime config, the built portal, the HTTP calls, uploaded images. */
export function createHttpApp(services: Services, routers: { oauth2?: Router; images?: Router; adminApi?: Router; deviceTrust?: Router; scim?: Router } = {}): Express {
  const { config, log } = services;
  const app = express();
  app.disable('x-powered-by');
  // The same rule as the sockets' (client-address.ts): a client-written X-Forwarded-For is never the address.
  app.set('trust proxy', trustFunction(config.trustProxy));
  app.use(securityHeaders(config));
  // Brotli or gzip for every compressible response (as the client accepts); the hashed assets come precompressed
  // from the build and are sent as they are (below), which this middleware leaves alone. From 512 bytes: the portal's
  // index.html (under 1 KB, the default threshold) halves.
  app.use(compression({ threshold: 512 }));

  // One structured line per request; the query string is left out because it can carry codes.
  app.use((req, res, next) => {
    const started = Date.now();
    res.on('finish', () => log.debug('http.request', { method: req.method, path: req.path, status: res.statusCode, ms: Date.now() - started }));
    next();
  });

  // Liveness: the process answers. Readiness: it can serve (the database answers and is migrated); a load balancer
  // stops sending calls while /readyz says 503.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const checks = await databaseReady(services.db);
    const ready = checks.database && checks.migrations;
    res.status(ready ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ready ? 'ready' : 'unavailable', ...checks });
  });
  app.get('/metrics', metricsRoute(services.metrics, config.metricsToken));

  // What crawlers may read: the entry pages, never a signed-in, sign-in step or token page (shared/portal-paths.ts).
  const robots = robotsTxt();
  app.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(robots);
  });

  const portalConfig = portalConfigOf(config);
  const consoleLoggingOf = (req: Request) => consoleLoggingAt(req.hostname, config.productionHost);
  app.get(HTTP_ROUTES.portalConfig, (req, res) => {
    res.set('Cache-Control', 'no-cache').json({ ...portalConfig, consoleLogging: consoleLoggingOf(req) });
  });

  // Third-party sign-in: the OpenID provider and the Authorize screen's calls (oauth2-routes.ts).
  if (routers.oauth2) app.use(routers.oauth2);
  // The admin console's uploaded images: POST /uploads/images, GET /images/{id} (images-routes.ts).
  if (routers.images) app.use(routers.images);
  // The admin API for the suite's products (admin-api-routes.ts): client-credentials tokens only.
  if (routers.adminApi) app.use(routers.adminApi);
  // Trusting a device after a second factor: POST /device-trust sets the portal_device cookie (device-trust-routes.ts).
  if (routers.deviceTrust) app.use(routers.deviceTrust);
  // SCIM 2.0 provisioning by each organization's directory: /scim/v2/{orgId}/… with its bearer token (scim-routes.ts).
  if (routers.scim) app.use(routers.scim);
  app.use(microsoftSignInRouter(services));
  // Organizations' own identity providers: /{orgId}/sso, the OpenID callback, SAML metadata and ACS (sso-routes.ts).
  app.use(ssoRouter(services));

  app.use(productPreviewRouter());
  app.use(updatesRouter(config.updatesDir));
  app.use('/demo-logos', express.static(join(RESOURCES, 'demo-logos'), { maxAge: '1d', fallthrough: false }));

  // The built portal: hashed assets cached for a year, everything else revalidated; unknown paths get the app with a
  // 404 status, whose router shows the not-found page (portal-page.ts).
  const webRoot = config.webRoot;
  // Source maps are kept with the build (for error tracking) but never published.
  app.use((req, res, next) => (req.path.endsWith('.map') ? res.status(404).type('text/plain').send('Not found') : next()));
  app.use(
    '/assets',
    expressStaticGzip(join(webRoot, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  app.use(express.static(webRoot, { index: false, maxAge: 0, setHeaders: (res) => res.set('Cache-Control', 'no-cache') }));
  // An organization's signed-out pages open in the language its admin set (issue 26), asked once until it changes.
  const organizationLanguages = new OrganizationLanguages(services.db);
  services.cache.onOrganizationChanged(() => organizationLanguages.forget());
  app.get(/.*/, portalPage(webRoot, portalConfig, consoleLoggingOf, (orgId) => organizationLanguages.of(orgId)));

  const onError: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, req, res, _next) => {
    const status = error.status ?? error.statusCode ?? 500;
    if (status >= 500) log.error('http.failed', { path: req.path, ...describeError(error) });
    res.status(status).type('text/plain').send(status === 404 ? 'Not found' : status < 500 ? 'Bad request' : 'Something went wrong');
  };
  app.use(onError);
  return app;
}
