/**
 * Calls of one client address take turns: at most `running` of them run at once, the rest wait in arrival order (the
 * transport bounds how many may wait, ADDRESS_IN_FLIGHT). A burst from one address then has a few calls in the
 * pipeline, never hundreds queued for the database and the event loop ahead of everyone else's; other addresses' calls
 * start at once, and a waiting call starts only after the event loop has read the sockets again. Nothing is refused
 * here: the budgets still see every call, in order (a hundred guesses from one address still meet their limit one by
 * one).
 */
export class AddressTurns {
  private readonly addresses = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly running: number) {}

  /** Runs `call` when `address` has a free turn; resolves with what it returns. */
  run<T>(address: string, call: () => Promise<T>): Promise<T> {
    let turns = this.addresses.get(address);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      this.addresses.set(address, turns);
    }
    const own = turns;
    // A turn is taken before its call starts (a waiting call's when it is handed the turn), so a call arriving while
    // the next one waits for the event loop cannot slip in beyond `running`.
    const go = (): Promise<T> =>
      call().finally(() => {
        const next = own.waiting.shift();
        // The next call of a burst keeps the turn and starts after the event loop has read the sockets again
        // (setImmediate), so other clients' calls are never behind a whole burst's worth of work done in one go.
        if (next) setImmediate(next);
        else if ((own.running -= 1) === 0) this.addresses.delete(address);
      });
    if (own.running < this.running) {
      own.running += 1;
      return go();
    }
    return new Promise<T>((resolve, reject) => own.waiting.push(() => void go().then(resolve, reject)));
  }

  /** Calls of `address` waiting for a turn (for tests and metrics). */
  waitingOf(address: string): number {
    return this.addresses.get(address)?.waiting.length ?? 0;
  }
}
