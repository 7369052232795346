// What a browser loads for a built page before its first paint: the entry's JavaScript and CSS and everything they
// import statically (a dynamic import is fetched when a later screen needs it), from Vite's manifest, in gzip bytes
// (level 9). Shared by `npm run test:bundle` (scripts/login-bundle.mjs) and `npm run bench -- bundle`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** @param {string} outDir a Vite build made with `--manifest` @param {string[]} [also] more manifest keys to follow */
export function entryClosure(outDir, also = []) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`The manifest in ${outDir} has no entry.`);
  const chunks = new Set();
  const visit = (key) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  for (const key of also) if (manifest[key]) visit(key);
  // The content hashes in the file names a chunk mentions (its imports, the lazy chunks and their CSS) are replaced by
  // one fixed string first: a change to a lazily loaded file renames it, and the new name would move the figure by a
  // few bytes of gzip although nothing on this page changed.
  const unhashed = (text) => text.replace(/([A-Za-z0-9_.]+)-[A-Za-z0-9_-]{8}\.(js|css)\b/g, '$1-00000000.$2');
  const gzipSize = (file) => gzipSync(unhashed(readFileSync(join(outDir, file), 'utf8')), { level: 9 }).length;
  const jsFiles = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const cssFiles = [...new Set([...chunks].flatMap((key) => manifest[key].css ?? []))];
  return {
    jsFiles,
    cssFiles,
    jsGzipBytes: jsFiles.reduce((sum, file) => sum + gzipSize(file), 0),
    cssGzipBytes: cssFiles.reduce((sum, file) => sum + gzipSize(file), 0),
  };
}
