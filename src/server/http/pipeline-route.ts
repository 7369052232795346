import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { ERROR_CODES } from '../../shared/protocol';
import type { AdminApiCallName } from '../../shared/protocol/admin-api';
import type { HttpCallName } from '../../shared/protocol/http-calls';
import type { Logger } from '../log';
import type { Caller } from '../pipeline/context';
import type { Pipeline } from '../pipeline/pipeline';
import { deviceTokenOfCookie } from '../sign-in/trusted-devices';
import { ssoBindingOfCookie } from '../sso/binding-cookie';
import { connectionLanguage } from '../i18n/request-language';

/** The Authorization header's bearer token: the portal session of "Continue as". */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The pipeline's HTTP transport: one request is one call of `HTTP_CALLS` with `{query, body}` as its payload, run
 * through the same stages as a socket event (parse, session, admission, limits, reply check). Each request is its
 * own "connection" for the per-connection rate: the budgets that matter (password, address) are the shared ones.
 * The reply is the contract's envelope `{data, error, code}` with the code as the HTTP status.
 */
export function pipelineRoute(pipeline: Pipeline, name: HttpCallName | AdminApiCallName, log: Logger, options: RouteOptions = {}): RequestHandler {
  return async (req, res) => {
    const started = performance.now();
    const language = connectionLanguage(req.get('cookie'), req.get('accept-language'));
    const caller: Caller = {
      connectionId: `http:${randomUUID()}`,
      // Express's `trust proxy` is the sockets' rule (client-address.ts).
      ip: req.ip ?? null,
      userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
      deviceToken: deviceTokenOfCookie(req.get('cookie')),
      ssoBinding: ssoBindingOfCookie(req.get('cookie')),
      token: () => bearerToken(req.get('authorization')),
      language: () => language?.language ?? null,
      languageChosen: () => language?.chosen ?? false,
    };
    const body = req.body === undefined ? {} : { body: req.body as unknown };
    const payload = options.params ? { params: { ...req.params }, ...body } : { query: { ...(req.query as Record<string, unknown>) }, ...body };
    const { reply, work } = await pipeline.run(name, payload, caller);
    res.status(reply.code).set('Cache-Control', 'no-store');
    // RFC 6750 §3: a refused bearer token says why, for clients that read the header rather than the body.
    if (options.bearerChallenge && reply.code === ERROR_CODES.UNAUTHENTICATED) res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    if (options.bearerChallenge && reply.code === ERROR_CODES.FORBIDDEN && options.bearerChallenge.scopeRefusal === reply.error) {
      res.set('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${options.bearerChallenge.scope}"`);
    }
    const data = options.onSuccess && reply.code === 200 ? options.onSuccess(reply.data, req, res) : reply.data;
    res.json({ data, error: reply.error, code: reply.code });
    log.info('http.call', { name, status: reply.code, ms: Math.round((performance.now() - started) * 10) / 10, ip: caller.ip, work });
  };
}

/** How a route turns a request into a call and a reply into a response. */
export interface RouteOptions {
  /** The payload is `{params, body}` (the route's path parameters) instead of `{query, body}`. */
  params?: boolean;
  /** Answer refused bearer tokens with RFC 6750's WWW-Authenticate header; `scopeRefusal` is the 403 of a missing scope. */
  bearerChallenge?: { scope: string; scopeRefusal: string };
  /** What a successful reply does to the response (a cookie) and the data it sends instead. */
  onSuccess?: (data: unknown, req: Request, res: Response) => unknown;
}

/** A JSON body of at most `limit` (16 KB by default); anything that is not JSON, or too big, is answered 400 in the envelope, nothing done. */
export function jsonBody(limit = '16kb'): [RequestHandler, ErrorRequestHandler] {
  const refuse: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
    if (error.status === undefined || error.status >= 500) return next(error);
    res.status(ERROR_CODES.BAD_REQUEST).set('Cache-Control', 'no-store').json({ data: { fields: ['body'] }, error: 'body: The request body must be JSON.', code: ERROR_CODES.BAD_REQUEST });
  };
  return [express.json({ limit, strict: true, type: () => true }), refuse];
}
