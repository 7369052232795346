import { CallError } from '../../shared/protocol/errors';
import { MESSAGES } from '../../shared/validation/messages';

/** What to show for a failed call: the server's message (it already says when to retry after 429), else the default. */
export function errorMessage(error: unknown): string {
  return error instanceof CallError && error.message ? error.message : MESSAGES.somethingWrong;
}
