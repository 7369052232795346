// Runs on the hash pool's worker threads (src/server/auth/hash-pool.ts): argon2id with @node-rs/argon2's synchronous
// functions, so each hash occupies this thread and nothing of libuv's shared pool or the event loop. Plain JavaScript
// so it loads as a worker under tsx, vitest and the built server alike.
import { readFileSync } from 'node:fs';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * This thread's CPU time so far in milliseconds, from Linux's /proc/thread-self/schedstat (nanoseconds on a CPU); null
 * elsewhere. The kernel brings a running thread's figure up to date only at its scheduler ticks, so one reading may lag
 * by a tick: each task reports the CPU since the previous task's reading, and those differences add up to this thread's
 * whole CPU (the lags cancel), whatever else runs on the machine.
 */
function threadCpuMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
}

let cpuAtLastTask = threadCpuMs();

export default function run(task) {
  const started = performance.now();
  let result;
  if (task.op === 'hash') {
    result = hashSync(task.password, task.options);
  } else {
    try {
      result = verifySync(task.hash, task.password);
    } catch {
      result = false;
    }
  }
  const ms = performance.now() - started;
  const cpuNow = cpuAtLastTask === null ? null : threadCpuMs();
  const cpuMs = cpuNow === null ? ms : cpuNow - cpuAtLastTask;
  cpuAtLastTask = cpuNow;
  return { result, ms, cpuMs };
}
