// Serves the desktop renderer build (out/renderer) the way main's app:// handler does: same file resolution,
// same Content-Security-Policy, single-page routes to index.html. Used by playwright.desktop.config.ts.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { APP_ORIGIN, resolveRendererFile } from '../../src/main/renderer-protocol';
import { rendererCsp } from '../../src/main/security';

const port = Number(process.env['RENDERER_PORT'] ?? 3393);
const serverOrigin = process.env['PORTAL_SERVER_URL'] ?? 'http://127.0.0.1:3392';
const root = resolve(import.meta.dirname, '../../out/renderer');

createServer((req, res) => {
  const file = resolveRendererFile(root, `${APP_ORIGIN}${new URL(req.url ?? '/', 'http://x').pathname}`);
  if (!file) {
    res.writeHead(404).end('Not found');
    return;
  }
  readFile(file.path).then(
    (body) => res.writeHead(200, { 'content-type': file.contentType, 'content-security-policy': rendererCsp(serverOrigin), 'cache-control': 'no-cache' }).end(body),
    () => res.writeHead(404).end('Not found'),
  );
}).listen(port, '127.0.0.1', () => console.log(`desktop renderer on http://127.0.0.1:${port}`));
