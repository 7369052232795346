import { ServerBusy } from '../auth/hash-pool';

/**
 * A concurrency gate: at most `slots` pieces of work at once, at most `maxWaiting` waiting for a slot, each at most
 * `maxWaitMs`; beyond either, ServerBusy (429 "The server is busy…" with retryAfter) at once. Attempt counting goes
 * through one, so a flood of attempts holds at most `slots` of the database pool's connections and never starves
 * everyone else's calls of theirs.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.slots) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new ServerBusy(1));
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(admit);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new ServerBusy(this.maxWaitMs / 1000));
      }, this.maxWaitMs);
      this.waiting.push(admit);
    });
  }
}
