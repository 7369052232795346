import { CallError, ERROR_CODES } from '../../../shared/protocol';
import type { Logger } from '../../log';
import type { Stage } from '../stage';

/** The last stage before the handler: what it returns is checked against the event's reply schema before it is sent. */
export function replyStage(log: Logger): Stage {
  return async (call, _ctx, next) => {
    const reply = call.entry.reply.safeParse(await next());
    if (!reply.success) {
      log.error('call.reply-invalid', { name: call.event, issues: reply.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
      throw new CallError(ERROR_CODES.INTERNAL, 'Something went wrong');
    }
    return reply.data;
  };
}
