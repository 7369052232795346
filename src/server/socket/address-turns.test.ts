import { describe, expect, it } from 'vitest';
import { AddressTurns } from './address-turns';

const later = () => {
  let done: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
};

describe('AddressTurns', () => {
  it('runs at most `running` calls of one address at once, the rest in arrival order, while another address starts at once', async () => {
    const turns = new AddressTurns(2);
    const started: string[] = [];
    const gates = Array.from({ length: 5 }, later);
    const flood = gates.map((gate, n) => turns.run('10.0.0.1', async () => {
      started.push(`flood${n}`);
      await gate.promise;
      return n;
    }));
    expect(started).toEqual(['flood0', 'flood1']);
    expect(turns.waitingOf('10.0.0.1')).toBe(3);

    // Another address is not behind the flood.
    expect(await turns.run('10.0.0.2', async () => 'other')).toBe('other');

    gates[1]!.done();
    await flood[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['flood0', 'flood1', 'flood2']);
    for (const gate of gates) gate.done();
    expect(await Promise.all(flood)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual(['flood0', 'flood1', 'flood2', 'flood3', 'flood4']);
    expect(turns.waitingOf('10.0.0.1')).toBe(0);
  });

  it('hands a finished call\'s turn to the next waiting one: a call arriving meanwhile waits behind it', async () => {
    const turns = new AddressTurns(1);
    const order: string[] = [];
    const first = later();
    const running = turns.run('a', async () => {
      order.push('first');
      await first.promise;
    });
    const waiting = turns.run('a', async () => void order.push('waiting'));
    first.done();
    await running;
    // The waiting call has the turn but starts only after the event loop turns; a newcomer must not start before it.
    const newcomer = turns.run('a', async () => void order.push('newcomer'));
    await Promise.all([waiting, newcomer]);
    expect(order).toEqual(['first', 'waiting', 'newcomer']);
  });

  it('passes a failed call\'s error to its caller and goes on with the next', async () => {
    const turns = new AddressTurns(1);
    const failing = turns.run('a', async () => {
      throw new Error('refused');
    });
    const next = turns.run('a', async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next');
  });
});
