// `npm run test:bundle`: the JavaScript a browser loads to show /login must not grow.
//
// Builds the web portal into a throw-away folder with Vite's manifest, then follows the static imports of the
// entry (index.html), which holds the /login screen (and of its chunk, should it ever be lazy again:
// features/sign-in/sign-in-screen.tsx), and adds up the gzip size of every JavaScript file among them. It fails when the total is above the budget recorded in
// scripts/login-bundle-budget.json (lowered in issue 10: the sign-in screen in the entry chunk, socket.io-client after it;
// raised by 1,913 B in issue 26, within its 2 KB allowance: the messages' runtime, the English of /login's first paint and the language picker; then by 15 B for the shell chunk's exports that the wire's session/account-language.ts uses, and by 32 B in the merge with issue 24's onboarding guard and console flag, and 26 B more with the language's word to the server and the translated copy button: 1,978 B in all). `--record` writes the current size as
// the new budget: do that only when a growth is intended and agreed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryClosure } from './bundle-size.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgetFile = join(root, 'scripts/login-bundle-budget.json');
const LOGIN_SCREEN = 'features/sign-in/sign-in-screen.tsx';

const outDir = mkdtempSync(join(tmpdir(), 'suite-portal-bundle-'));
try {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    // A fixed build id: the real one holds the commit and the time, whose gzip size differs from build to build.
    env: { ...process.env, PORTAL_BUILD_ID: '0.0.0+0000000.00000000T000000' },
  });
  const { jsFiles: files, jsGzipBytes: js, cssGzipBytes: cssBytes } = entryClosure(outDir, [LOGIN_SCREEN]);

  if (process.argv.includes('--record')) {
    writeFileSync(budgetFile, `${JSON.stringify({ jsGzipBytes: js, cssGzipBytes: cssBytes, files: files.length }, null, 2)}\n`);
    console.log(`/login budget recorded: ${js} bytes of JavaScript (gzip), ${cssBytes} bytes of CSS.`);
  } else {
    const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
    console.log(`/login loads ${files.length} JavaScript files: ${js} bytes gzip (budget ${budget.jsGzipBytes}); CSS ${cssBytes} bytes gzip (was ${budget.cssGzipBytes}).`);
    if (js > budget.jsGzipBytes) {
      console.error(`/login JavaScript grew by ${js - budget.jsGzipBytes} bytes (gzip). Load the new code lazily, where the screen that needs it is opened.`);
      process.exitCode = 1;
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
