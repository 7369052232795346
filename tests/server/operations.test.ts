import { get } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashQueueDepth } from '../../src/server/auth/hash-pool';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { startTestServer, type TestServer } from './harness';

// Running as a service: health, readiness and metrics for the platform around it, and a stop that ends within 10 s
// whatever the clients and the mail relay do.

describe('health, readiness and metrics', () => {
  let app: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ engine: 'pglite', seed: TEST_SEED });
    guarded = await startTestServer({ engine: 'pglite', seed: TEST_SEED, env: { METRICS_TOKEN: 'a-long-scraper-token-0123' } });
  });
  afterAll(async () => {
    await app?.close();
    await guarded?.close();
  });

  it('answers /healthz and /readyz (database reachable, every migration applied)', async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: true, migrations: true });
  });

  it('says in /portal-config.json that console logging starts off on a deployment\'s host and on at localhost (issue 24)', async () => {
    /** The config as asked for under a host name (a browser sends the one it was given; fetch cannot set Host). */
    const configAt = (host: string) =>
      new Promise<{ consoleLogging: boolean }>((resolve, reject) => {
        get(`${app.url}/portal-config.json`, { headers: { host } }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve(JSON.parse(body) as { consoleLogging: boolean }));
        }).on('error', reject);
      });
    expect((await configAt('portal.example.com')).consoleLogging).toBe(false);
    expect((await configAt('192.168.1.20:3000')).consoleLogging).toBe(false);
    expect((await configAt('localhost:3000')).consoleLogging).toBe(true);
    expect((await configAt('127.0.0.1')).consoleLogging).toBe(true);
    expect((await configAt('[::1]:3000')).consoleLogging).toBe(true);
  });

  it('serves a robots.txt that keeps signed-in and token pages out of indexes', async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await response.text()).split('\n');
    expect(rules[0]).toBe('User-agent: *');
    for (const path of ['/workspace', '/change-password', '/account', '/admin', '/reset/', '/*/reset/', '/not-me/', '/invite/', '/invite-client/', '/authorize', '/verify-organization/', '/oauth2/', '/oidc/']) {
      expect(rules).toContain(`Disallow: ${path}`);
    }
    for (const path of ['/login', '/register', '/forgot-password', '/downloads']) expect(rules).not.toContain(`Disallow: ${path}`);
    expect(rules).toContain('Allow: /');
  });

  it('serves Prometheus metrics on the loopback address: calls by event and code, latency, the hash queue, sockets, limits, the outbox', async () => {
    const client = await app.connect();
    await client.call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    await client.emit('login', { identifier: EMAILS.member, password: 'Wrong#Pass999', platform: 'web' });
    const response = await fetch(`${app.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/portal_calls_total\{event="login",code="200"\} 1/);
    expect(text).toMatch(/portal_calls_total\{event="login",code="403"\} 1/);
    expect(text).toMatch(/portal_call_duration_seconds_bucket\{le="[\d.]+",event="login"\}/);
    for (const name of ['portal_hash_queue_depth', 'portal_sockets', 'portal_mail_outbox_depth', 'portal_limits_tripped_total', 'portal_nodejs_eventloop_lag_seconds']) {
      expect(text, name).toContain(name);
    }
    expect(text).not.toContain(EMAILS.member);
  });

  it('keeps /metrics to bearers of METRICS_TOKEN when one is configured', async () => {
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(404);
    expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer a-long-scraper-token-0123' } })).status).toBe(200);
  });
});

describe('a graceful stop', () => {
  let hangingRelay: Server;
  const held: Socket[] = [];
  beforeAll(async () => {
    // A relay that accepts connections and never says a word.
    hangingRelay = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => hangingRelay.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => hangingRelay.close(resolve));
  });

  it('answers the calls already running and stops within 10 s, though the mail relay hangs', async () => {
    const { port } = hangingRelay.address() as { port: number };
    const app = await startTestServer({ engine: 'pglite', seed: TEST_SEED, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const client = await app.connect();
    await client.call('forgotPassword', { email: EMAILS.member });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A sign-in is running (its password hash takes a while) when the stop begins.
    const running = client.emit('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    while (hashQueueDepth() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const started = performance.now();
    // The server's own stop (the test harness's close would hang up its clients first).
    const stopped = app.server.close();
    expect(await running).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    await stopped;
    expect(performance.now() - started).toBeLessThan(10_000);
    // The harness's own cleanup (its clients, its data): the server stops only once.
    await app.close();
  }, 30_000);
});
