import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { updatesRouter } from './updates';

const dir = mkdtempSync(join(tmpdir(), 'suite-portal-updates-'));
mkdirSync(join(dir, 'chat'));
mkdirSync(join(dir, 'track'));
writeFileSync(join(dir, 'chat', 'latest.yml'), 'version: 1.2.0\npath: Suite-Chat-Setup-1.2.0.exe\n');
writeFileSync(join(dir, 'chat', 'Suite-Chat-Setup-1.2.0.exe'), Buffer.from('MZ0123456789'));
writeFileSync(join(dir, 'chat', '.env'), 'SECRET=1');
writeFileSync(join(dir, 'track', 'latest-linux.yml'), 'version: 2.0.0\n');
writeFileSync(join(dir, 'track', 'Suite-Track-2.0.0.AppImage'), 'ELF');
writeFileSync(join(dir, 'secret.txt'), 'outside any channel');

let base = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const app = express();
  app.use(updatesRouter(dir));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('update feed hosting', () => {
  it('serves each channel’s feed file, revalidated, as YAML', async () => {
    const response = await fetch(`${base}/updates/chat/latest.yml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('version: 1.2.0');
    expect((await fetch(`${base}/updates/track/latest-linux.yml`)).status).toBe(200);
  });

  it('serves release files with their content type and byte ranges', async () => {
    const exe = await fetch(`${base}/updates/chat/Suite-Chat-Setup-1.2.0.exe`, { headers: { range: 'bytes=0-1' } });
    expect(exe.status).toBe(206);
    expect(exe.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(await exe.text()).toBe('MZ');
    expect((await fetch(`${base}/updates/track/Suite-Track-2.0.0.AppImage`)).headers.get('content-type')).toBe('application/vnd.appimage');
  });

  it('lists no folder, hides dotfiles and never leaves the channel folder', async () => {
    for (const path of ['/updates/chat/', '/updates/chat', '/updates/', '/updates/chat/.env', '/updates/chat/..%2fsecret.txt', '/updates/chat/%2e%2e/secret.txt', '/updates/..%2f/secret.txt', '/updates/Chat/latest.yml', '/updates/chat/missing.yml']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(await response.text(), path).not.toMatch(/latest\.yml|outside any channel|SECRET/);
    }
  });

  it('answers 404 for everything when no folder is configured', async () => {
    const app = express();
    app.use(updatesRouter(null));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/updates/chat/latest.yml`);
    server.close();
    expect(response.status).toBe(404);
  });
});

describe('UPDATES_DIR', () => {
  it('is unset by default, resolved against the working directory, and must name a folder', () => {
    expect(loadConfig({}, '/srv').updatesDir).toBeNull();
    expect(loadConfig({ UPDATES_DIR: dir }, '/srv').updatesDir).toBe(dir);
    expect(() => loadConfig({ UPDATES_DIR: join(dir, 'chat', 'latest.yml') })).toThrow(/UPDATES_DIR: names a folder that does not exist/);
    expect(() => loadConfig({ UPDATES_DIR: '/nope/releases' })).toThrow(/UPDATES_DIR/);
  });
});
