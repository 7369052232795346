import { readFile, stat } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { HTTP_ROUTES, PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../shared/protocol';

/**
 * The web portal's page (the build's index.html) as the server sends it for a navigation: with this deployment's
 * portal config written in as a JSON data block, so the renderer starts without a round trip and /login's first paint
 * is the sign-in screen (npm run bench -- lcp). The preload of /portal-config.json is dropped: nothing fetches it.
 *
 * The raw index.html stays as built for the service worker's copy (it is fetched as /index.html), which the renderer
 * starts from by fetching the config, or from the one remembered offline: a copy with settings written in would keep
 * them until the next deployment.
 */
export function withPortalConfig(html: string, config: PortalConfig): string {
  // A data block is never run (the CSP allows no inline script, and needs not to); `<` is escaped so no value can end
  // the element or open a comment.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${PORTAL_CONFIG_ELEMENT_ID}">${json}</script>`;
  const page = html.replace(PRELOAD_LINK, '');
  const head = page.indexOf('</head>');
  if (head < 0) throw new Error('The built index.html has no </head>.');
  return `${page.slice(0, head)}  ${block}\n  ${page.slice(head)}`;
}

const PRELOAD_LINK = new RegExp(`\\s*<link rel="preload" href="${HTTP_ROUTES.portalConfig.replace('.', '\\.')}"[^>]*>`);

/**
 * GET for any path the portal's router shows: the page with the config in. It is read again when the build changes
 * (`npm run build:web` under a running server); until there is a build, a 503 says how to make one.
 */
export function portalPage(indexFile: string, config: PortalConfig): RequestHandler {
  let cached: { modified: number; page: string } | null = null;
  const page = async (): Promise<string | null> => {
    const modified = await stat(indexFile).then((info) => info.mtimeMs, () => null);
    if (modified === null) return null;
    if (cached?.modified !== modified) cached = { modified, page: withPortalConfig(await readFile(indexFile, 'utf8'), config) };
    return cached.page;
  };
  return (_req, res, next) => {
    page().then((html) => {
      if (html === null) {
        res.status(503).type('text/plain').send('The web portal has not been built. Run `npm run build:web`, or start with `npm start`.');
        return;
      }
      res.set('Cache-Control', 'no-cache').type('html').send(html);
    }, next);
  };
}
