import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRendererFile } from './renderer-protocol';

const ROOT = resolve('/opt/app/out/renderer');

describe('app:// renderer files', () => {
  it('serves assets with their content type and routes as index.html', () => {
    expect(resolveRendererFile(ROOT, 'app://portal/assets/index-abc.js')).toEqual({ path: join(ROOT, 'assets/index-abc.js'), contentType: 'text/javascript; charset=utf-8' });
    expect(resolveRendererFile(ROOT, 'app://portal/workspace')).toEqual({ path: join(ROOT, 'index.html'), contentType: 'text/html; charset=utf-8' });
    expect(resolveRendererFile(ROOT, 'app://portal/')).toEqual({ path: join(ROOT, 'index.html'), contentType: 'text/html; charset=utf-8' });
  });

  it('never leaves the renderer folder or answers another host', () => {
    for (const url of ['app://portal/../../etc/passwd.js', 'app://portal/%2e%2e/%2e%2e/secret.json', 'app://portal/assets/..%2f..%2f..%2fkey.png', 'app://portal/..%5c..%5cwin.ini.js']) {
      const file = resolveRendererFile(ROOT, url);
      expect(file === null || file.path.startsWith(`${ROOT}/`), url).toBe(true);
    }
    expect(resolveRendererFile(ROOT, 'app://portal/assets/..%2f..%2f..%2fkey.png')?.path).toBe(join(ROOT, 'key.png'));
    expect(resolveRendererFile(ROOT, 'app://portal/a%00.js')).toBeNull();
    expect(resolveRendererFile(ROOT, 'app://other/index.html')).toBeNull();
    expect(resolveRendererFile(ROOT, 'app://portal/archive.tar')).toBeNull();
  });
});
