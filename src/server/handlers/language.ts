import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * `setLanguage` (issue 26): the picker's choice. The connection's later calls take it (a sign-in on it writes it on
 * the account); a signed-in account remembers it at once, so the mails it is sent from now on are in it.
 */
export function languageHandlers({ db, cache }: Services): HandlerMap {
  return {
    async setLanguage({ language }, ctx) {
      ctx.setConnectionLanguage?.(language);
      if (ctx.user && ctx.user.language !== language) {
        await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
        cache.forget('user', ctx.user.id);
      }
      return { success: true as const };
    },
  };
}
