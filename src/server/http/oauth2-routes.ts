import express, { type Router } from 'express';
import { HTTP_ROUTES } from '../../shared/protocol';
import { OAUTH2_CONSENT_PATH, OAUTH2_CONTINUE_PATH } from '../../shared/protocol/oauth2-schemas';
import type { Logger } from '../log';
import type { OidcProvider } from '../oidc/provider';
import { errorPage } from '../oidc/error-page';
import { pageLanguage } from '../i18n/server-page';
import type { Pipeline } from '../pipeline/pipeline';
import { jsonBody, pipelineRoute } from './pipeline-route';

/**
 * Third-party sign-in over HTTP: the OpenID provider's endpoints (discovery, authorization, token, userinfo, JWKS,
 * revocation, introspection) and the Authorize screen's calls, which run through the call pipeline.
 */
export function oauth2Router(oidc: OidcProvider, pipeline: Pipeline, log: Logger): Router {
  const router = express.Router();

  // RFC 6749 §4.1.2.1 and the issue: a public client without PKCE is told on the portal, never sent back.
  router.get(`/oidc/auth`, async (req, res, next) => {
    const clientId = typeof req.query.client_id === 'string' ? req.query.client_id : null;
    if (clientId && req.query.code_challenge === undefined && (await oidc.clientKind(clientId)) === 'public') {
      const language = pageLanguage(req.headers.cookie, req.headers['accept-language']);
      res.status(400).set('Cache-Control', 'no-store').set('Vary', 'Cookie, Accept-Language').type('html').send(errorPage(language, { error: 'pkce_required', error_description: 'code_challenge is missing' }));
      return;
    }
    next();
  });
  router.use((req, res, next) => {
    if (!oidc.handles(req.path)) {
      next();
      return;
    }
    // oidc-provider reads the original URL itself; Express has not touched the body of these paths.
    oidc.callback(req, res);
  });

  router.post(HTTP_ROUTES.oauth2Login, ...jsonBody(), pipelineRoute(pipeline, 'oauth2Login', log));
  router.post(OAUTH2_CONTINUE_PATH, ...jsonBody(), pipelineRoute(pipeline, 'oauth2Continue', log));
  router.post(OAUTH2_CONSENT_PATH, ...jsonBody(), pipelineRoute(pipeline, 'oauth2Consent', log));
  router.get(HTTP_ROUTES.oauth2AppInfo, pipelineRoute(pipeline, 'oauth2AppInfo', log));
  return router;
}
