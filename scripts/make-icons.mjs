// Draws the two desktop apps' icons (1024x1024 PNG, what electron-builder derives .ico and .icns from) from SVG
// with headless Chromium. Run once after changing the drawings: node scripts/make-icons.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const frame = (fill, body) => `<!doctype html><html><body style="margin:0;background:transparent">
<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
<rect x="64" y="64" width="896" height="896" rx="200" fill="${fill}"/>${body}</svg></body></html>`;

const icons = {
  // A speech bubble: the chat app.
  chat: frame(
    '#4f46e5',
    '<path d="M272 300h480a64 64 0 0 1 64 64v256a64 64 0 0 1-64 64H480l-144 112v-112h-64a64 64 0 0 1-64-64V364a64 64 0 0 1 64-64z" fill="#fff"/>' +
      '<circle cx="384" cy="492" r="40" fill="#4f46e5"/><circle cx="512" cy="492" r="40" fill="#4f46e5"/><circle cx="640" cy="492" r="40" fill="#4f46e5"/>',
  ),
  // A clock: the time-tracking app.
  track: frame(
    '#0f766e',
    '<circle cx="512" cy="512" r="300" fill="#fff"/><path d="M512 332v196l128 88" stroke="#0f766e" stroke-width="56" stroke-linecap="round" stroke-linejoin="round" fill="none"/>',
  ),
};

const work = mkdtempSync(join(tmpdir(), 'suite-icons-'));
for (const [name, html] of Object.entries(icons)) {
  const page = join(work, `${name}.html`);
  writeFileSync(page, html);
  const target = resolve('build/icons', `${name}.png`);
  execFileSync(chromium, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--default-background-color=00000000',
    '--window-size=1024,1024',
    `--screenshot=${target}`,
    `file://${page}`,
  ], { stdio: 'ignore' });
  console.log(`wrote ${target}`);
}
