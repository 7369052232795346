import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../shared/escape-html';

/** What the browser tab shows once the app has its answer: a title and one sentence, in the app's language. */
export interface LoopbackPage {
  title: string;
  text: string;
  /** The page's language and direction (English, left to right, when not said). */
  language?: string;
  direction?: 'ltr' | 'rtl';
}

/**
 * A one-shot HTTP listener on 127.0.0.1 and a free port (RFC 8252 §7.3, loopback redirection): `open(port)` sends the
 * system browser off with that port, and the first GET of `path` that `read` accepts is the answer (anything else:
 * 404, and the listener keeps waiting). The tab is shown `page(answer)`. No answer within `timeoutMs`: `none`. The
 * listener is closed either way.
 */
export async function awaitLoopbackAnswer<T>(options: {
  path: string;
  read(url: URL): T | null;
  page(answer: T): LoopbackPage;
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
    const { title, text, language = 'en', direction = 'ltr' } = options.page(found);
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
