import * as z from 'zod';

/** Closed list of bridge error codes. */
export const BRIDGE_ERROR_CODES = ['forbidden-sender', 'invalid-input', 'unavailable', 'failed'] as const;
export const BridgeErrorCodeSchema = z.enum(BRIDGE_ERROR_CODES);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCodeSchema>;

/** What every bridge call answers: the data, or an error with a code from the closed list. */
export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: { code: BridgeErrorCode; message: string } };

/** The envelope's shape, for checking a reply that crossed the process boundary. */
export const BridgeResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: BridgeErrorCodeSchema, message: z.string() }) }),
]);

/** The error a failed bridge call rejects with in the renderer. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** Unwraps an envelope: the data, or a BridgeError. */
export function unwrapResult<T>(result: BridgeResult<T>): T {
  if (result.ok) return result.data;
  throw new BridgeError(result.error.code, result.error.message);
}
