import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Smaller than this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible hashed asset of the web
 * build, once at build time, so the server sends them as they are (express-static-gzip) instead of compressing the
 * same bytes on every request. Plain node:zlib: no plugin needed for a dozen lines.
 */
export function precompressAssets(folder = 'assets'): Plugin {
  let outDir = '';
  return {
    name: 'suite-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const dir = join(outDir, folder);
      for (const name of readdirSync(dir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const bytes = readFileSync(join(dir, name));
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
