// Runs on the hash pool's worker threads (src/server/auth/hash-pool.ts): argon2id with @node-rs/argon2's synchronous
// functions, so each hash occupies this thread and nothing of libuv's shared pool or the event loop. Plain JavaScript
// so it loads as a worker under tsx, vitest and the built server alike.
import { readFileSync } from 'node:fs';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * This thread's CPU time so far in milliseconds, from Linux's /proc/thread-self/schedstat (nanoseconds on a CPU); null
 * elsewhere. Read on this thread, so it is the hash's own CPU, whatever else runs on the machine.
 */
function threadCpuMs() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
}

export default function run(task) {
  const started = performance.now();
  const cpuAtStart = threadCpuMs();
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
  const cpuAtEnd = cpuAtStart === null ? null : threadCpuMs();
  return { result, ms, cpuMs: cpuAtEnd === null ? ms : cpuAtEnd - cpuAtStart };
}
