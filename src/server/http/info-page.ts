import type { Response } from 'express';
import { escapeHtml } from '../../shared/escape-html';

/**
 * A small page of the server's own, where a sign-in window or redirect would otherwise show a provider's error: a
 * title, a heading, what happened in plain words, and what to do (a sentence, or a link back to the portal).
 */
export function infoPage(res: Response, status: number, page: { title: string; heading: string; text: string; next: string; link?: { href: string; label: string } }): void {
  const next = page.link ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>` : `<p>${escapeHtml(page.next)}</p>`;
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title></head>` +
        `<body><main><h1>${escapeHtml(page.heading)}</h1><p>${escapeHtml(page.text)}</p>${next}</main></body></html>`,
    );
}
