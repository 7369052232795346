import { describeError, type Logger } from './log';
import { outsideCall } from './work';

/**
 * Work a call starts but does not wait for: whatever concerns an existing account only (issuing and mailing a code,
 * an unlock link), so that the reply, its timing and the call's counted work are the same whether or not the account
 * exists. Failures are logged; `flush` waits for everything started (tests, shutdown).
 */
export interface Background {
  run(name: string, task: () => Promise<void>): void;
  flush(): Promise<void>;
}

export function createBackground(log: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // Started on the next turn of the event loop (setImmediate), after the call's reply has been written: a task
      // begun at once would hold the reply back by its first steps (and on PGlite, which runs one statement at a time,
      // put its first statement ahead of the call's), which would tell by the time whether the account exists.
      const job = outsideCall(() =>
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => log.error('background.failed', { task: name, ...describeError(error) })),
      ).finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
