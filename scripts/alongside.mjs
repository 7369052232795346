// `node scripts/alongside.mjs <beside> -- <script>…`: runs the npm script <beside> in the background while the npm
// scripts after `--` run one after another in the foreground, as `npm run a && npm run b` would. <beside>'s output is
// held and printed in one piece when it ends (so the two never interleave); the exit status is the first failure's.
// `npm test` runs the mutation check (which works on its own copy of the sources) beside the end-to-end layers, whose
// waits on a browser leave a core free, instead of adding its minutes after them.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split !== 1 || split === args.length - 1) {
  console.error('usage: node scripts/alongside.mjs <npm script in the background> -- <npm script>…');
  process.exit(2);
}
const [beside] = args;
const foreground = args.slice(split + 1);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

console.log(`> npm run ${beside}  (in the background; its output follows when it ends)`);
const started = Date.now();
// Its own process group, so that stopping this runner stops it and the tests it started, not only npm.
const background = spawn(npm, ['run', beside], { stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', shell });
const held = [];
background.stdout.on('data', (chunk) => held.push(chunk));
background.stderr.on('data', (chunk) => held.push(chunk));
const backgroundDone = new Promise((done) => background.on('close', (code, signal) => done(code ?? (signal ? 1 : 0))));

function stopBackground() {
  if (background.exitCode !== null || background.signalCode !== null) return;
  try {
    if (process.platform === 'win32') background.kill();
    else process.kill(-background.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBackground();
    current?.kill(signal);
    process.exit(130);
  });
}

function run(script) {
  return new Promise((done) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit', shell });
    current = child;
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

let failed = 0;
for (const script of foreground) {
  failed = await run(script);
  if (failed) break;
}
if (failed) {
  // As with `&&`: the first failure ends the run.
  stopBackground();
  await backgroundDone;
  process.exit(failed);
}
if (background.exitCode === null) console.log(`\n> waiting for npm run ${beside} …`);
const code = await backgroundDone;
process.stdout.write(Buffer.concat(held));
console.log(`> npm run ${beside} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(code);
