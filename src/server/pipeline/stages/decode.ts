import { CallError, ERROR_CODES } from '../../../shared/protocol';
import type { PayloadCodec } from '../payload-codec';
import type { Stage } from '../stage';

const NOT_ACCEPTED = 'This server does not accept encrypted payloads. Send the payload as JSON.';
const NOT_DECRYPTED = 'The payload could not be decrypted.';

/**
 * Spec section 7, "payloads may be encrypted strings": with PAYLOAD_KEY configured, a payload sent as a string is
 * decrypted (and bound to its event name) before it is parsed; one that does not decrypt is refused, as the spec's
 * helper "returns false on failure". Without the key a string payload is refused.
 */
export function decodeStage(codec: PayloadCodec | null): Stage {
  return async (call, _ctx, next) => {
    if (typeof call.raw === 'string') {
      if (!codec) throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_ACCEPTED, { fields: [] });
      const opened = codec.open(call.raw, call.event);
      if (opened === false) throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_DECRYPTED, { fields: [] });
      call.raw = opened;
    }
    return next();
  };
}
