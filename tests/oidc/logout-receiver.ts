import { createServer } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../free-port';

/**
 * An app's back-channel logout endpoint (OpenID Back-Channel Logout 1.0) for the test file that calls this at its top
 * level: a tiny HTTP server on 127.0.0.1, started before the file's tests and closed after them, that keeps every
 * logout token POSTed to it as a form, in order.
 */
export async function useLogoutReceiver(): Promise<{ uri: string; received: string[] }> {
  const port = await freePort();
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (req.method === 'POST' && req.headers['content-type'] === 'application/x-www-form-urlencoded' && token) received.push(token);
      res.writeHead(token ? 200 : 400).end();
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { uri: `http://127.0.0.1:${port}/backchannel-logout`, received };
}
