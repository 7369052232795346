import express, { type Router } from 'express';
import { ERROR_CODES } from '../../shared/protocol';
import { ADMIN_API_PATHS } from '../../shared/protocol/admin-api';
import { ADMIN_API_SCOPE } from '../../shared/protocol/admin-schemas';
import type { Logger } from '../log';
import type { Pipeline } from '../pipeline/pipeline';
import { APP_TOKEN_SCOPE } from '../pipeline/stages/app';
import { jsonBody, pipelineRoute, type RouteOptions } from './pipeline-route';

const NO_SUCH_CALL = 'There is no such call in the admin API. See the README, "The admin API".';

/**
 * The admin API (`ADMIN_API_CALLS`): POST /api/v1/orgs/{orgId}/invitations and GET, PATCH, DELETE
 * /api/v1/orgs/{orgId}/members/{userId}, each one call of the pipeline with `{params, body}` as its payload. Bodies
 * are JSON of at most 64 KB (a hundred invitations fit). Anything else under /api/ is a 404 in the envelope.
 */
export function adminApiRouter(pipeline: Pipeline, log: Logger): Router {
  const router = express.Router();
  const [json, refuse] = jsonBody('64kb');
  const options: RouteOptions = { params: true, bearerChallenge: { scope: ADMIN_API_SCOPE, scopeRefusal: APP_TOKEN_SCOPE } };
  router.post(ADMIN_API_PATHS.invitations, json, refuse, pipelineRoute(pipeline, 'apiInvite', log, options));
  router.get(ADMIN_API_PATHS.member, pipelineRoute(pipeline, 'apiGetMember', log, options));
  router.patch(ADMIN_API_PATHS.member, json, refuse, pipelineRoute(pipeline, 'apiUpdateMember', log, options));
  router.delete(ADMIN_API_PATHS.member, json, refuse, pipelineRoute(pipeline, 'apiRemoveMember', log, options));
  router.all('/api/{*rest}', (_req, res) => {
    res.status(ERROR_CODES.NOT_FOUND).set('Cache-Control', 'no-store').json({ data: null, error: NO_SUCH_CALL, code: ERROR_CODES.NOT_FOUND });
  });
  return router;
}
