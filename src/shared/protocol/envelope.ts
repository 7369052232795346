import * as z from 'zod';
import { ERROR_CODES, type ErrorCode, type ErrorData } from './errors';

/** Any one of the closed list of error codes. */
export const ErrorCodeSchema = z.union(Object.values(ERROR_CODES).map((code) => z.literal(code)) as [z.ZodLiteral<ErrorCode>, ...z.ZodLiteral<ErrorCode>[]]);

/** Extra facts an error reply may carry in `data`. */
export const ErrorDataSchema: z.ZodType<ErrorData> = z.object({
  /** Seconds until another attempt is allowed (with 429). */
  retryAfter: z.number().int().nonnegative().optional(),
  /** Whether the client should offer a sign-in button (client invitation failures). */
  showButton: z.boolean().optional(),
  /** A client invitation already accepted (its password was shown once, then). */
  alreadyAccepted: z.boolean().optional(),
  /** An app's sign-in that needs a step on the portal first (the Authorize screen links to it). */
  portalStep: z.enum(['verify-email', 'set-up-second-factor', 'change-password']).optional(),
  /** Which payload fields failed validation (with 400). */
  fields: z.array(z.string()).optional(),
  /** Each failed field with its own message (with 400). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The code a successful reply carries. */
export const SUCCESS_CODE = 200;

/** The event every reply arrives on. */
export const RESPONSE_EVENT = 'response';

/**
 * Sent by the server, unasked, to every connection whose session has just ended (logout elsewhere, a password change
 * or reset, expiry), right before it closes the connection: the client signs out, as after a 401.
 */
export const SESSION_ENDED_EVENT = 'sessionEnded';
export const SessionEndedSchema = z.object({ message: z.string() });

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
 * The socket handshake (`auth` of socket.io): the stored token and the account-type flag (spec section 7: the
 * connection "is opened with an authentication token and an account-type flag"). The server refuses a token whose
 * session is of the other kind; a client that does not send the flag (an older app) is not held to it.
 */
export const HandshakeAuthSchema = z.object({
  token: z.string().max(4096).optional(),
  /** 'onboarding' when the stored session is an onboarding or preboarding employee's, else 'user'. */
  accountType: z.enum(['user', 'onboarding']).optional(),
  /** A desktop app's trusted-device token (browsers carry theirs in the `portal_device` cookie). */
  deviceToken: z.string().max(64).optional(),
});
export type HandshakeAuth = z.input<typeof HandshakeAuthSchema>;
