import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port';

/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a free port, that the test may stop and start at
 * will (the shared PostgreSQL of the machine is never touched). As root, the cluster runs as the `postgres` user.
 */
export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  dispose(): void;
}

function binDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  return version && existsSync(join(base, version, 'bin', 'initdb')) ? join(base, version, 'bin') : null;
}

export const ownPostgresProblem: string | null = binDir() ? null : 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl)';


export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  if (!bin) throw new Error(ownPostgresProblem!);
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'suite-portal-pg-'));
  const data = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  const port = await freePort();
  const asOwner = (command: string, args: string[]) => {
    const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  mkdirSync(socketDir);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chmodSync(dir, 0o755);
    chownSync(dir, uid, gid);
    chownSync(socketDir, uid, gid);
  }
  asOwner(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => asOwner(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '30', '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const stop = () => asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
