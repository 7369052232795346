import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { countHash } from '../work';

/**
 * Password hashing with admission control. argon2id runs on worker threads of its own, one per core, so a storm of
 * sign-ins cannot starve the event loop or the libuv thread pool (and session checks, which are a synchronous HMAC,
 * never wait behind a hash). Work is admitted while the expected wait stays under MAX_WAIT_MS; beyond that the call is
 * answered at once with 429 and `retryAfter`, never left to time out.
 */

/**
 * The longest a hash may be expected to wait for a thread before the call is refused instead: with the hash itself
 * and the call's few statements, an admitted sign-in is answered well within 2 s even in a storm.
 */
export const MAX_WAIT_MS = 1_000;

export class ServerBusy extends CallError {
  constructor(seconds: number) {
    const wait = Math.max(1, Math.ceil(seconds));
    super(ERROR_CODES.TOO_MANY_ATTEMPTS, `The server is busy. Try again in ${wait} second${wait === 1 ? '' : 's'}.`, { retryAfter: wait });
    this.name = 'ServerBusy';
  }
}

type HashTask = ({ op: 'hash'; password: string; options: Record<string, number> } | { op: 'verify'; hash: string; password: string }) & {
  /** The throw-away hash made once per process is not a call's work. */
  uncounted?: boolean;
};

const threads = Math.max(1, availableParallelism());
let pool: Piscina | null = null;
/** Hashes handed to the threads (at most one per thread). */
let running = 0;
/** Hashes waiting for a thread, oldest first; each is refused if it has not started by its deadline. */
const waiting: Job[] = [];
/** A moving average of one hash's time on a thread, from the hashes done so far. */
let averageMs = 100;

interface Job {
  task: HashTask;
  timer: ReturnType<typeof setTimeout>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function poolOf(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./hash-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  return pool;
}

/** How long a new hash would wait for a thread now, in milliseconds. */
export function expectedWaitMs(): number {
  return (waiting.length * averageMs) / threads + (running >= threads ? averageMs / 2 : 0);
}

/** Calls admitted to hash that have not finished: each will want a thread, whether or not it has asked yet. */
let admitted = 0;

/**
 * Admission of a call that will hash (the pipeline's admission stage): it is counted from now until `release`, so a
 * burst of calls that all reach this point before any of them hashes is not admitted beyond what the threads can do
 * within MAX_WAIT_MS. Returns null (refuse with ServerBusy) when that wait would be over the budget.
 */
export function admit(): { release(): void } | { refused: number } {
  const wait = Math.max(expectedWaitMs(), (Math.max(0, admitted + 1 - threads) * averageMs) / threads);
  if (wait > MAX_WAIT_MS) return { refused: wait };
  admitted += 1;
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      admitted -= 1;
    },
  };
}

/** Hashes waiting or running, for metrics. */
export const hashQueueDepth = () => waiting.length + running;

/** CPU time of the hash threads since start, in milliseconds, as each reports it (metrics; the bench subtracts it from a sign-in). */
let hashCpuMs = 0;
export const hashCpuMsTotal = () => hashCpuMs;

function start(job: Job): void {
  clearTimeout(job.timer);
  running += 1;
  const { uncounted: _uncounted, ...work } = job.task;
  poolOf()
    .run(work)
    .then(
      (outcome: { result: unknown; ms: number; cpuMs: number }) => {
        averageMs = averageMs * 0.8 + outcome.ms * 0.2;
        hashCpuMs += outcome.cpuMs;
        job.resolve(outcome.result);
      },
      job.reject,
    )
    .finally(() => {
      running -= 1;
      pump();
    });
}

function pump(): void {
  while (running < threads && waiting.length > 0) start(waiting.shift()!);
}

/**
 * Runs one hash or verification on the pool. Refused at once (ServerBusy) when the expected wait is over the budget,
 * and refused at its deadline if it still has not started then: every call is answered within the budget plus one
 * hash, however many arrive.
 */
export function runHash<T extends boolean | string>(task: HashTask): Promise<T> {
  const wait = expectedWaitMs();
  if (wait > MAX_WAIT_MS) return Promise.reject(new ServerBusy((wait + averageMs) / 1000));
  if (!task.uncounted) countHash();
  return new Promise<T>((resolve, reject) => {
    const job: Job = {
      task,
      resolve: resolve as (value: unknown) => void,
      reject,
      timer: setTimeout(() => {
        const index = waiting.indexOf(job);
        if (index < 0) return;
        waiting.splice(index, 1);
        reject(new ServerBusy(Math.max(1, averageMs / 1000)));
      }, MAX_WAIT_MS),
    };
    job.timer.unref();
    waiting.push(job);
    pump();
  });
}
