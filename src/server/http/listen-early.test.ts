import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenEarly, type EarlyListener } from './listen-early';

describe('listenEarly: the port taken before the app exists', () => {
  let early: EarlyListener | null = null;
  afterEach(() => early?.server.close());
  const url = (path: string) => `http://127.0.0.1:${(early!.server.address() as AddressInfo).port}${path}`;

  it('answers liveness at once, refuses readiness and socket.io with a retry, and holds page requests for the app', async () => {
    early = await listenEarly({ port: 0, host: '127.0.0.1' });
    const health = await fetch(url('/healthz'));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'starting' });
    const ready = await fetch(url('/readyz'));
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('1');
    expect((await fetch(url('/socket.io/?EIO=4&transport=polling'))).status).toBe(503);

    let answered = false;
    const page = fetch(url('/login')).then(async (response) => {
      answered = true;
      return { status: response.status, body: await response.text() };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    early.ready((_req, res) => res.end('the app'));
    expect(await page).toEqual({ status: 200, body: 'the app' });
    expect(await (await fetch(url('/readyz'))).text()).toBe('the app');
  });

  it('answers what waits 503 and frees the port when the start fails', async () => {
    early = await listenEarly({ port: 0, host: '127.0.0.1' });
    const page = fetch(url('/login'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    early.fail();
    expect((await page).status).toBe(503);
    early = null;
  });

  it('fails at once when the port is taken', async () => {
    early = await listenEarly({ port: 0, host: '127.0.0.1' });
    const { port } = early.server.address() as AddressInfo;
    await expect(listenEarly({ port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
