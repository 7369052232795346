import { createServer, type RequestListener, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { ServerConfig } from '../config';

/** A server that listens already, before the app that will answer its requests exists. */
export interface EarlyListener {
  server: HttpServer;
  /** Hands every request from now on, and those waiting, to the app. */
  ready(app: RequestListener): void;
  /** Start-up failed: answers those waiting 503 and closes the server. */
  fail(): void;
}

/**
 * Listens before anything else is ready. Until `ready(app)`: /healthz answers (the process is alive), /readyz and
 * socket.io answer 503 (the client retries), every other request waits and is then served by the app.
 */
export async function listenEarly(config: Pick<ServerConfig, 'port' | 'host'>): Promise<EarlyListener> {
  let app: RequestListener | null = null;
  let failed = false;
  const waiting: (() => void)[] = [];
  const refuse = (res: ServerResponse) => res.writeHead(503, { 'retry-after': '1' }).end();
  const server = createServer((req, res) => {
    if (app) return void app(req, res);
    // A connection accepted before the start failed may still send its request.
    if (failed) return void refuse(res);
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/healthz' || path === '/readyz' || path.startsWith('/socket.io/')) {
      const status = path === '/healthz' ? 200 : 503;
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '1' });
      res.end(JSON.stringify({ status: 'starting' }));
      return;
    }
    waiting.push(() => (app ? app(req, res) : refuse(res)));
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  return {
    server,
    ready(listener) {
      app = listener;
      for (const serve of waiting.splice(0)) serve();
    },
    fail() {
      failed = true;
      for (const serve of waiting.splice(0)) serve();
      server.close();
    },
  };
}
