// `npm start`: the newcomer's one command. It runs the built account server (`node` on dist/server/main.js, which
// serves the built portal from dist/web), building first only what is missing or older than its sources:
//   dist/server  from src/server, src/shared, scripts/build-server.mjs, package-lock.json   (npm run build:server)
//   dist/web     from src/renderer, src/shared, vite.web.config.ts, build-*.ts, package-lock.json (npm run build:web)
// In a production install (no dev dependencies, so no build tools, often no sources) nothing is built: what is in
// dist/ is started as it is, and a missing build is an error that says what to run. Installs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(root, path);

/** The newest modification time among files (folders walked), 0 when none exists. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((path) => visit(at(path)));
  return latest;
}

const builds = [
  { output: 'dist/web/index.html', inputs: ['src/renderer', 'src/shared', 'vite.web.config.ts', 'build-stamp.ts', 'build-react-router.ts', 'build-prerender.ts', 'build-precompress.ts', 'package-lock.json'], script: 'build:web' },
  { output: 'dist/server/main.js', inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'], script: 'build:server' },
];

const require = createRequire(import.meta.url);
const canBuild = ['vite', 'esbuild'].every((name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
});

for (const { output, inputs, script } of builds) {
  const built = existsSync(at(output)) ? statSync(at(output)).mtimeMs : 0;
  if (built && (!canBuild || newest(inputs) <= built)) continue;
  if (!canBuild) {
    console.error(`${output} is missing and this install has no build tools (dev dependencies). Run \`npm ci && npm run build:portal\` where they are installed, then copy dist/ here.`);
    process.exit(1);
  }
  console.log(built ? `Sources changed since the last build: npm run ${script}` : `First start: npm run ${script}`);
  // Always a production build: a NODE_ENV left in the environment (a test runner's `test`) would otherwise make Vite
  // compile React's development build.
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(at('dist/server/main.js')).href);
