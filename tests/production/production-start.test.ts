import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The portal as it is deployed: built once (`npm run build:portal`), copied without sources or dev dependencies,
// installed with `npm ci --omit=dev` (from the local npm cache when it has everything), and started with `node` on the
// built server, on a database that already exists. What a client sees over HTTP and socket.io.

const ROOT = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Admin@12345';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** What the built server wrote on stderr, every start together: a warning there reads as an error to whoever runs it. */
let serverStderr = '';

/** Runs a command to its end; its output (stdout and stderr apart), or an error with both when it fails. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

function startBuilt(dir: string, port: number): Promise<ChildProcess> {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, '.data'), LOG_FORMAT: 'json', NODE_ENV: 'production' };
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`not listening after 60 s: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Suite Portal is running')) {
        clearTimeout(timer);
        done(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (serverStderr += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`exited with ${code}: ${output}`)));
  });
}

/** A GET that keeps the bytes as sent (fetch would undo the Content-Encoding). */
const raw = (url: string, acceptEncoding: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).once('error', fail);
  });

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((done) => {
    if (!child || child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

describe('a production install of the built portal', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let url: string;
  let build: { stdout: string; stderr: string };
  let install: { stdout: string; stderr: string };

  beforeAll(async () => {
    // A deployment build: NODE_ENV=production, whatever the runner set (vitest sets `test`, and Vite would then
    // compile React's development build into dist/web, which later suites would serve).
    build = run('npm', ['run', '--silent', 'build:portal'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
    dir = mkdtempSync(join(tmpdir(), 'suite-portal-production-'));
    for (const path of ['package.json', 'package-lock.json', 'dist/server', 'dist/web', 'resources']) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    install = run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
    const port = await freePort();
    // The first start creates and seeds the database; the second is a restart on it, as in production.
    await stop(await startBuilt(dir, port));
    server = await startBuilt(dir, port);
    url = `http://127.0.0.1:${port}`;
  }, 240_000);

  afterAll(async () => {
    await stop(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('builds, installs and starts, twice, without a warning: none from the build, no EBADENGINE, nothing on the server\'s stderr', () => {
    // On a Node the packages do not support, npm ci says EBADENGINE and oidc-provider "Unsupported runtime" at each start.
    expect(build.stderr).toBe('');
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE|Unsupported engine/);
    expect(serverStderr).toBe('');
  });

  it('has no dev dependency installed: no build tools, no TypeScript runner, no browser-only library', () => {
    const installed = readdirSync(join(dir, 'node_modules'));
    for (const name of ['typescript', 'tsx', 'vite', 'esbuild', 'vitest', 'react', 'react-dom', 'socket.io-client', 'electron']) expect(installed).not.toContain(name);
    expect(installed).toEqual(expect.arrayContaining(['express', 'socket.io', 'drizzle-orm', '@electric-sql', '@node-rs']));
  });

  it('signs the demo admin in over socket.io', async () => {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      const reply = await new Promise<{ event: string; code: number; data: { token?: string } }>((done, fail) => {
        socket.once('connect_error', fail);
        socket.once('response', done);
        socket.emit('login', { identifier: 'admin@acme.test', password: PASSWORD, platform: 'web' });
      });
      expect(reply.event).toBe('login');
      expect(reply.code).toBe(200);
      expect(reply.data.token).toEqual(expect.any(String));
    } finally {
      socket.disconnect();
    }
  });

  it('sends the sign-in page and its assets compressed, the hashed assets from precompressed files', async () => {
    const page = await raw(`${url}/login`, 'br, gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(page.body).toString();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();

    const plain = await raw(`${url}${script}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await raw(`${url}${script}`, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toMatch(/immutable/);
    // Precompressed: a fixed length, not a stream compressed on the fly.
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    // A client that takes gzip only gets the .gz copy.
    const gzip = await raw(`${url}${script}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("serves React's production build, never its development one", async () => {
    const assets = readdirSync(join(dir, 'dist/web/assets')).filter((name) => name.endsWith('.js'));
    const served = await Promise.all(assets.map(async (name) => (await fetch(`${url}/assets/${name}`)).text()));
    expect(served.join('\n')).toContain('Minified React error');
    expect(served.filter((text) => text.includes('Download the React DevTools'))).toEqual([]);
  });

  it('starts console logging off in the sign-in page a deployment serves under its own host name, on at localhost (issue 24)', async () => {
    /** The portal config written into /login's page, as asked for under a host name. */
    const configAt = (host: string) =>
      new Promise<{ consoleLogging: boolean }>((done, fail) => {
        get(`${url}/login`, { headers: { host, 'accept-encoding': 'identity' } }, (response) => {
          let html = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (html += chunk));
          response.on('end', () => done(JSON.parse(/<script type="application\/json" id="[^"]+">([^<]*)<\/script>/.exec(html)![1]!) as { consoleLogging: boolean }));
        }).once('error', fail);
      });
    expect((await configAt('portal.example.com')).consoleLogging).toBe(false);
    expect((await configAt('localhost')).consoleLogging).toBe(true);
    expect((await configAt(new URL(url).host)).consoleLogging).toBe(true);
  });

  it('publishes no source map, and the assets do not point to one', async () => {
    const html = await (await fetch(`${url}/login`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect(await (await fetch(`${url}${script}`)).text()).not.toMatch(/sourceMappingURL/);
    const maps = readdirSync(join(dir, 'dist/web/assets')).filter((name) => name.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const path of [`/assets/${maps[0]}`, `${script}.map`, '/sw.js.map']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/"mappings"/);
    }
  });
});
