import { extname, normalize, resolve, sep } from 'node:path';

/** The renderer is served from this privileged, standard scheme (Electron's checklist: prefer a custom protocol to file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'portal';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The file under `root` an app:// URL names. Paths without an extension are routes of the single-page app and get
 * index.html; anything that would leave `root` (../, encoded or not) or another host gets null (404).
 */
export function resolveRendererFile(root: string, requestUrl: string): { path: string; contentType: string } | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const base = resolve(root);
  const extension = extname(pathname);
  const relative = extension === '' ? 'index.html' : normalize(pathname).replace(/^([/\\])+/, '');
  const path = resolve(base, relative);
  if (path !== base && !path.startsWith(base + sep)) return null;
  const contentType = CONTENT_TYPES[extname(path)];
  return contentType ? { path, contentType } : null;
}
