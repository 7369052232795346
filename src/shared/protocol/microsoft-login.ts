import * as z from 'zod';

// Not re-exported by index.ts: only the server reads this query, and the /login bundle stays as it was.

/**
 * GET /auth/ms/login query: `binding`, a random value the opener keeps and sends again with msLogin, so a code can
 * only finish the sign-in that this very window started; `loopback`, the port of the desktop app's loopback redirect
 * (RFC 8252) when it signs in through the system browser.
 */
export const MicrosoftLoginQuerySchema = z.object({
  binding: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'binding must be 32 to 128 URL-safe characters'),
  loopback: z.coerce.number().int().min(1024).max(65535).optional(),
});
