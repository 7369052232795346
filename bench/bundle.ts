// Figure: what /login loads before its first paint (JavaScript and CSS, gzip) against the floor, React + react-dom +
// react-router alone, built the same way (bench/front-end.ts). Deterministic: one build each, no median needed.
import { rmSync } from 'node:fs';
import { entryClosure } from '../scripts/bundle-size.mjs';
import { buildFloor, buildPortal } from './front-end';
import { report } from './process';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchBundle(): Promise<void> {
  console.log('\n/login bundle: JavaScript + CSS on the critical path, gzip (level 9)');
  const portalDir = buildPortal();
  const floorDir = await buildFloor();
  try {
    const login = entryClosure(portalDir, ['features/sign-in/sign-in-screen.tsx']);
    const floor = entryClosure(floorDir);
    const loginBytes = login.jsGzipBytes + login.cssGzipBytes;
    const floorBytes = floor.jsGzipBytes + floor.cssGzipBytes;
    report('/login JS+CSS gzip ÷ react+react-dom+react-router floor', loginBytes / floorBytes, { atMost: 1.25 }, `${kb(loginBytes)} in ${login.jsFiles.length + login.cssFiles.length} files vs ${kb(floorBytes)}`);
  } finally {
    rmSync(portalDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}
