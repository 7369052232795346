import { Router, type Request, type Response } from 'express';
import { CallError, HTTP_ROUTES } from '../../shared/protocol';
import { MicrosoftLoginQuerySchema } from '../../shared/protocol/microsoft-login';
import { MICROSOFT_MESSAGES } from '../microsoft/microsoft-sign-in';
import { MicrosoftError } from '../microsoft/oidc-client';
import type { Services } from '../services';
import { infoPage } from './info-page';

/** The popup's own page (where the provider would be): a title, a heading, what to do. */
function page(req: Request, res: Response, status: number, heading: string, text: string): void {
  infoPage(req, res, status, { title: 'Microsoft sign-in', heading, text, next: 'Close this window to go back to the portal.' });
}

/**
 * GET /auth/ms/login (spec section 7, opened as a 400x600 popup): starts a Microsoft sign-in and sends the window to
 * the provider. Without MS_CLIENT_ID it answers a "not configured" page. Every start spends the address's
 * `microsoftSignIn` budget (it writes a row and may call the provider).
 */
export function microsoftSignInRouter(services: Services): Router {
  const router = Router();
  router.get(HTTP_ROUTES.msLogin, async (req, res, next) => {
    try {
      const microsoft = services.microsoft;
      if (!microsoft) {
        page(req, res, 404, MICROSOFT_MESSAGES.notConfigured, 'Sign in with your email address or user name and password.');
        return;
      }
      const query = MicrosoftLoginQuerySchema.safeParse(req.query);
      if (!query.success) {
        page(req, res, 400, 'This sign-in window was not opened by the portal.', 'Use "Login With Microsoft" on the portal’s sign-in page.');
        return;
      }
      await services.limiter.spend('microsoftSignIn', req.ip ?? 'unknown', req.ip ?? null);
      const url = await microsoft.start(query.data.binding, query.data.loopback);
      res.set('Cache-Control', 'no-store').redirect(302, url.href);
    } catch (error) {
      if (error instanceof CallError) page(req, res, error.code, 'Microsoft sign-in did not start.', error.message);
      else if (error instanceof MicrosoftError) page(req, res, 503, 'Microsoft sign-in is not available right now.', MICROSOFT_MESSAGES.unavailable);
      else next(error);
    }
  });
  return router;
}
