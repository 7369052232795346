import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../shared/escape-html';
// Only the types: the e2e specs run the loopbacks under plain Node, where main's compiled catalogs (a Vite virtual
// module) do not load; the app passes its texts in (index.ts).
import type { DesktopMessageId, DesktopTexts } from './desktop-language';

/** What the browser tab shows once the app has its answer: a title and one sentence (`{app}` is the app's name). */
export interface LoopbackPage {
  title: DesktopMessageId;
  text: DesktopMessageId;
}

/** A sign-in's proof that the answer is for this app (RFC 7636, S256) and this request (`state`), made where it waits. */
export function loopbackSecrets(): { codeVerifier: string; codeChallenge: string; state: string } {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'), state: randomBytes(16).toString('base64url') };
}

/**
 * A one-shot HTTP listener on 127.0.0.1 and a free port (RFC 8252 §7.3, loopback redirection): `open(port)` sends the
 * system browser off with that port, and the first GET of `path` that `read` accepts is the answer (anything else:
 * 404, and the listener keeps waiting). The tab is shown `page(answer)` in the app's language (`texts`, with `appName`
 * as `{app}`). No answer within `timeoutMs`: `none`. The listener is closed either way.
 */
export async function awaitLoopbackAnswer<T>(options: {
  path: string;
  read(url: URL): T | null;
  page(answer: T): LoopbackPage;
  texts: DesktopTexts;
  appName: string;
  open(port: number): Promise<void>;
  timeoutMs: number;
  none: T;
}): Promise<T> {
  let settle: (answer: T) => void = () => undefined;
  const answer = new Promise<T>((resolve) => (settle = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const found = req.method === 'GET' && url.pathname === options.path ? options.read(url) : null;
    if (found === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const { t, language, direction } = options.texts;
    const page = options.page(found);
    const [title, text] = [t(page.title), t(page.text, { app: options.appName })];
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'", 'referrer-policy': 'no-referrer' })
      .end(`<!doctype html><html lang="${escapeHtml(language)}" dir="${direction}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(text)}</h1></main></body></html>`);
    settle(found);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const timer = setTimeout(() => settle(options.none), options.timeoutMs);
  try {
    await options.open((server.address() as AddressInfo).port);
    return await answer;
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}
