// `npm run test:keychain`: the token vault against the real OS keychain. On Linux without a session bus it starts
// one with dbus-run-session and unlocks a throw-away gnome-keyring in it, the way a desktop session would.
import { spawnSync } from 'node:child_process';

const vitest = 'npx vitest run --project keychain';
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

let result;
if (process.platform !== 'linux' || process.env.DBUS_SESSION_BUS_ADDRESS || !has('dbus-run-session') || !has('gnome-keyring-daemon')) {
  result = spawnSync('sh', ['-c', vitest], { stdio: 'inherit' });
} else {
  const inner = `echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${vitest}`;
  result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], { stdio: 'inherit' });
}
process.exit(result.status ?? 1);
