import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { ERROR_CODES } from '../../shared/protocol';
import type { HttpCallName } from '../../shared/protocol/http-calls';
import type { Logger } from '../log';
import type { Caller } from '../pipeline/context';
import type { Pipeline } from '../pipeline/pipeline';

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
export function pipelineRoute(pipeline: Pipeline, name: HttpCallName, log: Logger): RequestHandler {
  return async (req, res) => {
    const started = performance.now();
    const caller: Caller = {
      connectionId: `http:${randomUUID()}`,
      // Express's `trust proxy` is the sockets' rule (client-address.ts).
      ip: req.ip ?? null,
      userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
      token: () => bearerToken(req.get('authorization')),
      setToken: () => undefined,
    };
    const payload = { query: { ...(req.query as Record<string, unknown>) }, ...(req.body === undefined ? {} : { body: req.body as unknown }) };
    const { reply, work } = await pipeline.run(name, payload, caller);
    res.status(reply.code).set('Cache-Control', 'no-store').json({ data: reply.data, error: reply.error, code: reply.code });
    log.info('http.call', { name, status: reply.code, ms: Math.round((performance.now() - started) * 10) / 10, ip: caller.ip, work });
  };
}

/** A JSON body of at most 16 KB; anything that is not JSON, or too big, is answered 400 in the envelope, nothing done. */
export function jsonBody(): [RequestHandler, ErrorRequestHandler] {
  const refuse: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
    if (error.status === undefined || error.status >= 500) return next(error);
    res.status(ERROR_CODES.BAD_REQUEST).set('Cache-Control', 'no-store').json({ data: { fields: ['body'] }, error: 'body: The request body must be JSON.', code: ERROR_CODES.BAD_REQUEST });
  };
  return [express.json({ limit: '16kb', strict: true, type: () => true }), refuse];
}
