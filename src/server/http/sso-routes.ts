import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod';
import { CallError, HTTP_ROUTES } from '../../shared/protocol';
import { OrgIdSchema } from '../../shared/validation/fields';
import type { CallOrigin } from '../auth/device';
import type { Services } from '../services';
import { pkceBinding, randomValue } from '../sso/attempts';
import { DESKTOP_SSO_CALLBACK_PATH } from '../../shared/protocol/sso-schemas';
import { SSO_BINDING_COOKIE } from '../sso/binding-cookie';
import { connectionForOrganization, findConnection } from '../sso/connections';
import { SSO_MESSAGES, SsoRefusal, type SsoReturn } from '../sso/sso-sign-in';
import { infoPage } from './info-page';

const StartQuerySchema = z
  .object({
    connection: z.uuid().optional(),
    login_hint: z.string().trim().max(254).optional(),
    // A desktop app's sign-in in the system browser (RFC 8252): its loopback port, its state and its PKCE challenge.
    loopback: z.coerce.number().int().min(1024).max(65_535).optional(),
    state: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/).optional(),
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/).optional(),
    code_challenge_method: z.literal('S256').optional(),
  })
  .refine((query) => [query.loopback, query.state, query.code_challenge, query.code_challenge_method].every((value) => value === undefined) || [query.loopback, query.state, query.code_challenge, query.code_challenge_method].every((value) => value !== undefined));
const OidcCallbackSchema = z.object({
  state: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code: z.string().min(1).max(4096).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});
const AcsFormSchema = z.object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(100).optional() });
const ConnectionParamSchema = z.object({ connectionId: z.uuid() });

/** A refused or failed company sign-in, as the browser shows it: what happened, and the way back to /login. */
function failurePage(req: Request, res: Response, status: number, text: string): void {
  infoPage(req, res, status, { title: 'Company sign-in', heading: 'Company sign-in did not finish.', text, link: { href: '/login', label: 'Back to sign in' } });
}

/**
 * Organizations' own identity providers over HTTP (issue 25): `GET /{orgId}/sso` starts a sign-in (a fresh binding in
 * the HttpOnly `portal_sso` cookie, then the provider); `GET /sso/oidc/callback` and `POST /sso/saml/{id}/acs` take the
 * provider's answer and send the browser on to `/sso/complete#handoff=…` (or the console's test result); the SAML
 * service-provider metadata is `GET /sso/saml/{id}/metadata`. Every start and answer spends the address's `ssoSignIn`
 * budget. Nothing here decides who signs in: that is `sso/`.
 */
export function ssoRouter(services: Services): Router {
  const { sso, limiter, config, log } = services;
  const router = Router();
  const secure = config.publicUrl.startsWith('https:');
  const originOf = (req: Request): CallOrigin => ({ ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null, reported: null });
  const spend = (req: Request) => limiter.spend('ssoSignIn', req.ip ?? 'unknown', req.ip ?? null);
  const setBinding = (res: Response, binding: string) => res.cookie(SSO_BINDING_COOKIE, binding, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: 10 * 60 * 1000 });

  const sendOn = (res: Response, back: SsoReturn) => {
    const target = back.returnTo
      ? `${back.returnTo}&${new URLSearchParams({ handoff: back.handoff })}`
      : back.purpose === 'test'
        ? `/admin/${encodeURIComponent(back.org.orgId)}/sign-in#sso-test=${back.handoff}`
        : `${HTTP_ROUTES.ssoComplete}#handoff=${back.handoff}`;
    res.set('Cache-Control', 'no-store').redirect(303, target);
  };

  const fail = (req: Request, res: Response, error: unknown) => {
    if (error instanceof SsoRefusal) failurePage(req, res, error.status, error.userMessage);
    else if (error instanceof CallError) failurePage(req, res, error.code, error.message);
    else {
      log.error('sso.failed', { reason: error instanceof Error ? error.message.slice(0, 300) : String(error) });
      failurePage(req, res, 500, SSO_MESSAGES.unavailable);
    }
  };

  router.get('/:orgId/sso', async (req, res) => {
    try {
      const orgId = OrgIdSchema.safeParse(req.params.orgId);
      const query = StartQuerySchema.safeParse(req.query);
      if (!orgId.success || !query.success) return failurePage(req, res, 400, 'This sign-in link is not complete. Start again from the sign-in page.');
      await spend(req);
      const found = query.data.connection ? await findConnection(services.db, query.data.connection) : await connectionForOrganization(services.db, orgId.data);
      if (!found || !found.row.enabled || found.org.orgId !== orgId.data) return failurePage(req, res, 404, SSO_MESSAGES.unavailable);
      const { loopback, state, code_challenge: challenge } = query.data;
      if (loopback !== undefined && state && challenge) {
        // A desktop app: the hand-off goes back to its listener, and only its PKCE verifier redeems it (no cookie).
        const returnTo = `http://127.0.0.1:${loopback}${DESKTOP_SSO_CALLBACK_PATH}?${new URLSearchParams({ state })}`;
        const url = await sso.start(found.row, { purpose: 'sign-in', binding: pkceBinding(challenge), loginHint: query.data.login_hint, returnTo });
        return void res.set('Cache-Control', 'no-store').redirect(302, url.href);
      }
      const binding = randomValue();
      const url = await sso.start(found.row, { purpose: 'sign-in', binding, loginHint: query.data.login_hint });
      setBinding(res, binding);
      res.set('Cache-Control', 'no-store').redirect(302, url.href);
    } catch (error) {
      fail(req, res, error);
    }
  });

  router.get(HTTP_ROUTES.ssoOidcCallback, async (req, res) => {
    try {
      const query = OidcCallbackSchema.safeParse(req.query);
      if (!query.success) return failurePage(req, res, 400, SSO_MESSAGES.expired);
      await spend(req);
      sendOn(res, await sso.finishOidc({ code: query.data.code ?? null, state: query.data.state, iss: query.data.iss, error: query.data.error }, originOf(req)));
    } catch (error) {
      fail(req, res, error);
    }
  });

  router.get('/sso/saml/:connectionId/metadata', async (req, res) => {
    try {
      const params = ConnectionParamSchema.safeParse(req.params);
      const xml = params.success ? await sso.serviceProviderMetadata(params.data.connectionId) : null;
      if (!xml) return void res.status(404).type('text/plain').send('No such SAML connection.');
      res.set('Cache-Control', 'no-cache').type('application/samlmetadata+xml').send(xml);
    } catch (error) {
      fail(req, res, error);
    }
  });

  router.post('/sso/saml/:connectionId/acs', express.urlencoded({ extended: false, limit: '600kb' }), async (req, res) => {
    try {
      const params = ConnectionParamSchema.safeParse(req.params);
      const form = AcsFormSchema.safeParse(req.body);
      if (!params.success || !form.success) return failurePage(req, res, 400, SSO_MESSAGES.refused);
      await spend(req);
      // An IdP-initiated sign-in has no binding yet: this response gives the browser one with the hand-off.
      const binding = randomValue();
      const back = await sso.finishSaml(params.data.connectionId, { samlResponse: form.data.SAMLResponse, relayState: form.data.RelayState ?? null }, originOf(req), binding);
      if (!form.data.RelayState) setBinding(res, binding);
      sendOn(res, back);
    } catch (error) {
      fail(req, res, error);
    }
  });

  return router;
}
