import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { eq } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { recordAdminAudit, type AdminActor } from '../audit/audit-log';
import type { CallOrigin } from '../auth/device';
import { organizations } from '../db/schema';
import { describeError } from '../log';
import { isUniqueViolation } from '../pipeline/pipeline';
import { resourceTypes, schemas, serviceProviderConfig } from '../scim/discovery';
import { ScimError, scimErrorBody } from '../scim/errors';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from '../scim/groups';
import { paging, patchOperations } from '../scim/resources';
import { scimBaseUrl, tokenOwner, touchToken } from '../scim/tokens';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimCall } from '../scim/users';
import type { Services } from '../services';

const BASE = '/scim/v2/:orgId';
const SCIM_TYPE = 'application/scim+json';
const UNAUTHORIZED = 'The bearer token is missing, revoked, or not this organization’s SCIM token.';

type Reply = { status: number; body?: unknown };
type ScimHandler = (call: ScimCall, req: Request) => Promise<Reply>;

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const param = (req: Request, name: string) => String(req.params[name] ?? '');
const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
const withMembers = (req: Request) => !(query(req, 'excludedAttributes') ?? '').split(',').some((name) => name.trim().toLowerCase() === 'members');

function send(res: Response, reply: Reply): void {
  res.status(reply.status).set('Cache-Control', 'no-store');
  // A created resource's URI goes in Location too (RFC 7644 §3.3).
  const location = (reply.body as { meta?: { location?: unknown } } | undefined)?.meta?.location;
  if (reply.status === 201 && typeof location === 'string') res.set('Location', location);
  if (reply.body === undefined) res.end();
  else res.type(SCIM_TYPE).send(JSON.stringify(reply.body));
}

/** Any failure as RFC 7644's error: ours as they are, a limit's 429 with Retry-After, a lost race as uniqueness, the rest 500. */
function scimFailure(error: unknown, res: Response, log: Services['log'], path: string): Reply {
  if (error instanceof ScimError) return ok(scimErrorBody(error), error.status);
  if (error instanceof CallError) {
    if (error.code === ERROR_CODES.TOO_MANY_ATTEMPTS && error.data?.retryAfter) res.set('Retry-After', String(error.data.retryAfter));
    return ok(scimErrorBody(new ScimError(error.code, error.message, error.code === ERROR_CODES.TOO_MANY_ATTEMPTS ? 'tooMany' : undefined)), error.code);
  }
  if (error instanceof Error && error.name === 'ZodError') return ok(scimErrorBody(new ScimError(400, 'An attribute of the request is missing or not valid.', 'invalidValue')), 400);
  if (isUniqueViolation(error)) return ok(scimErrorBody(new ScimError(409, 'Another request created the same resource at the same time.', 'uniqueness')), 409);
  log.error('scim.failed', { path, ...describeError(error) });
  return ok(scimErrorBody(new ScimError(500, 'Something went wrong on our side. Try again later.')), 500);
}

/**
 * SCIM 2.0 (RFC 7644) for each organization's directory: /scim/v2/{orgId}/Users, /Groups and the discovery resources,
 * in application/scim+json. Every request needs the organization's bearer token (scim/tokens.ts): a missing or
 * unknown one, or another organization's, is 401 (the `scimToken` budget of the address; another organization's is
 * in the path organization's audit); an accepted one spends the `scim` budget of the token. The domain is in scim/.
 */
export function scimRouter(services: Services): Router {
  const { db, limiter, log, config } = services;
  const router = express.Router();
  const json = express.json({ type: [SCIM_TYPE, 'application/json'], limit: '1mb', strict: true });

  const route =
    (handler: ScimHandler) =>
    async (req: Request, res: Response): Promise<void> => {
      const origin: CallOrigin = { ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null, reported: null };
      const orgId = param(req, 'orgId');
      try {
        const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? null;
        const owner = bearer ? await tokenOwner(db, bearer) : null;
        if (!owner || owner.org.orgId !== orgId) {
          await limiter.spend('scimToken', origin.ip ?? 'unknown', origin.ip);
          if (owner) await refusedAnotherOrganization(orgId, owner.hint, origin);
          res.set('WWW-Authenticate', bearer ? 'Bearer realm="SCIM", error="invalid_token"' : 'Bearer realm="SCIM"');
          return send(res, ok(scimErrorBody(new ScimError(401, UNAUTHORIZED)), 401));
        }
        await limiter.spend('scim', owner.tokenId, origin.ip);
        await touchToken(db, owner.tokenId);
        const actor: AdminActor = { kind: 'scim', tokenHint: owner.hint, origin };
        send(res, await handler({ services, org: owner.org, actor, baseUrl: scimBaseUrl(config.publicUrl, orgId) }, req));
      } catch (error) {
        send(res, scimFailure(error, res, log, req.path));
      }
    };

  /** Another organization's token at this organization's endpoint: in this organization's audit (if it exists). */
  async function refusedAnotherOrganization(orgId: string, hint: string, origin: CallOrigin): Promise<void> {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.orgId, orgId));
    if (org) await recordAdminAudit(db, org.id, { kind: 'scim', tokenHint: null, origin }, { kind: 'scim-refused', detail: `another organization's token (…${hint})` });
  }

  router.get(`${BASE}/ServiceProviderConfig`, route(async () => ok(serviceProviderConfig())));
  router.get(`${BASE}/ResourceTypes`, route(async (call) => ok(resourceTypes(call.baseUrl))));
  router.get(`${BASE}/Schemas`, route(async (call) => ok(schemas(call.baseUrl))));

  router.get(`${BASE}/Users`, route(async (call, req) => {
    const { startIndex, count } = paging(req.query);
    return ok(await listUsers(call, query(req, 'filter'), startIndex, count));
  }));
  router.post(`${BASE}/Users`, json, route(async (call, req) => ok(await createUser(call, req.body), 201)));
  router.get(`${BASE}/Users/:id`, route(async (call, req) => ok(await getUser(call, param(req, 'id')))));
  router.put(`${BASE}/Users/:id`, json, route(async (call, req) => ok(await replaceUser(call, param(req, 'id'), req.body))));
  router.patch(`${BASE}/Users/:id`, json, route(async (call, req) => ok(await patchUser(call, param(req, 'id'), patchOperations(req.body)))));
  router.delete(`${BASE}/Users/:id`, route(async (call, req) => {
    await deleteUser(call, param(req, 'id'));
    return { status: 204 };
  }));

  router.get(`${BASE}/Groups`, route(async (call, req) => {
    const { startIndex, count } = paging(req.query);
    return ok(await listGroups(call, query(req, 'filter'), startIndex, count, withMembers(req)));
  }));
  router.post(`${BASE}/Groups`, json, route(async (call, req) => ok(await createGroup(call, req.body), 201)));
  router.get(`${BASE}/Groups/:id`, route(async (call, req) => ok(await getGroup(call, param(req, 'id'), withMembers(req)))));
  router.put(`${BASE}/Groups/:id`, json, route(async (call, req) => ok(await replaceGroup(call, param(req, 'id'), req.body))));
  router.patch(`${BASE}/Groups/:id`, json, route(async (call, req) => {
    await patchGroup(call, param(req, 'id'), patchOperations(req.body));
    return { status: 204 };
  }));
  router.delete(`${BASE}/Groups/:id`, route(async (call, req) => {
    await deleteGroup(call, param(req, 'id'));
    return { status: 204 };
  }));

  router.all('/scim/{*rest}', (_req, res) => send(res, ok(scimErrorBody(new ScimError(404, 'There is no such SCIM resource here.')), 404)));
  const badBody: ErrorRequestHandler = (error: { type?: string; status?: number }, req, res, next) => {
    if (!req.path.startsWith('/scim/')) return next(error);
    const tooLarge = error.type === 'entity.too.large';
    send(res, ok(scimErrorBody(new ScimError(tooLarge ? 413 : 400, tooLarge ? 'The request body is larger than 1 MB.' : 'The request body is not JSON.', tooLarge ? undefined : 'invalidSyntax')), tooLarge ? 413 : 400));
  };
  router.use(badBody);
  return router;
}
