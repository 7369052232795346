// The server's side of the admin console's component tests, played by a recorded `call`: what a screen sends, and
// what the admin then sees. Each test file mocks the api and toast modules with this one:
//   vi.mock('../../api', () => import('./call-double'));
//   vi.mock('../../ui/toast', () => import('./call-double'));
// and sets `replies` per event. Test code only: nothing of the app imports it.
export { errorMessage } from '../../api/error-message';

/** Every call a screen made, in order. */
export const calls: { event: string; payload: unknown }[] = [];
/** The reply to each event (throw in it to answer with an error); an event without one is refused. */
export const replies = new Map<string, (payload: unknown) => unknown>();
/** Every toast shown. */
export const toasts: string[] = [];

export function call(event: string, payload: unknown): Promise<unknown> {
  calls.push({ event, payload });
  const reply = replies.get(event);
  if (!reply) return Promise.reject(new Error(`no reply for ${event}`));
  try {
    return Promise.resolve(reply(payload));
  } catch (failure) {
    return Promise.reject(failure);
  }
}

export const extendContract = () => undefined;

export function showToast(text: string): void {
  toasts.push(text);
}

/** A fresh start for each test. */
export function resetCalls(): void {
  calls.length = 0;
  toasts.length = 0;
  replies.clear();
}
