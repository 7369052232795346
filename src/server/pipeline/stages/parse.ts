import { CallError, ERROR_CODES, schemaFailure } from '../../../shared/protocol';
import type { Stage } from '../stage';

/** The payload is parsed as unknown through the event's schema; a failure names its fields (400). */
export const parseStage: Stage = async (call, _ctx, next) => {
  const parsed = call.entry.payload.safeParse(call.raw ?? {});
  if (!parsed.success) {
    const { message, fields, issues } = schemaFailure(parsed.error.issues);
    throw new CallError(ERROR_CODES.BAD_REQUEST, message, { fields, issues });
  }
  call.payload = parsed.data;
  return next();
};
