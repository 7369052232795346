// Runs on the hash pool's worker threads (src/server/auth/hash-pool.ts): argon2id with @node-rs/argon2's synchronous
// functions, so each hash occupies this thread and nothing of libuv's shared pool or the event loop. Plain JavaScript
// so it loads as a worker under tsx, vitest and the built server alike.
import { hashSync, verifySync } from '@node-rs/argon2';

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
  return { result, ms: performance.now() - started };
}
