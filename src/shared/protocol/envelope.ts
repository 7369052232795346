import * as z from 'zod';
import { ErrorCodeSchema, ErrorDataSchema } from './errors';

/** The code a successful reply carries. */
export const SUCCESS_CODE = 200;

/** The event every reply arrives on. */
export const RESPONSE_EVENT = 'response';

/**
 * The reply envelope of spec section 7, sent on the `response` event.
 * `rid` echoes the request id the client sent beside its payload, so two calls of one event cannot be confused.
 */
export const ResponseEnvelopeSchema = z.discriminatedUnion('code', [
  z.object({ event: z.string(), data: z.unknown(), error: z.null(), code: z.literal(SUCCESS_CODE), rid: z.string().optional() }),
  z.object({ event: z.string(), data: ErrorDataSchema.nullable(), error: z.string(), code: ErrorCodeSchema, rid: z.string().optional() }),
]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelopeSchema>;

/** What a client sends after its payload: a request id echoed in the reply. */
export const RequestMetaSchema = z.object({ rid: z.string().min(1).max(64) });
export type RequestMeta = z.infer<typeof RequestMetaSchema>;

/**
 * The socket handshake (`auth` of socket.io): the stored token, and whether it belongs to a regular account
 * or to an employee in onboarding or preboarding.
 */
export const HandshakeAuthSchema = z.object({
  token: z.string().max(4096).optional(),
  accountType: z.enum(['user', 'onboarding']).default('user'),
});
export type HandshakeAuth = z.input<typeof HandshakeAuthSchema>;
