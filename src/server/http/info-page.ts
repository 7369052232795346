import type { Request, Response } from 'express';
import { pageLanguage, serverPage, type ServerPage } from '../i18n/server-page';

/**
 * A small page of the server's own, where a sign-in window or redirect would otherwise show a provider's error: a
 * title, a heading, what happened in plain words, and what to do (a sentence, or a link back to the portal), in the
 * visitor's language.
 */
export function infoPage(req: Request, res: Response, status: number, page: ServerPage): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .set('Vary', 'Cookie, Accept-Language')
    .type('html')
    .send(serverPage(pageLanguage(req.headers.cookie, req.headers['accept-language']), page));
}
