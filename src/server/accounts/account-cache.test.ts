import { describe, expect, it } from 'vitest';
import { AccountCache } from './account-cache';

/** A load the test settles by hand, counting how often the cache started one. */
function manualLoad<T>() {
  let calls = 0;
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = () => {
    calls += 1;
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { load, calls: () => calls, pending };
}

describe('AccountCache', () => {
  it('answers a hundred simultaneous misses of one key with one load', async () => {
    const cache = new AccountCache();
    const loader = manualLoad<{ name: string }>();
    const answers = Promise.all(Array.from({ length: 100 }, () => cache.get('session', 's1', loader.load)));
    expect(loader.calls()).toBe(1);
    loader.pending[0]!.resolve({ name: 'Ada' });
    expect(new Set((await answers).map((answer) => answer.name))).toEqual(new Set(['Ada']));
    // Kept: the next call is answered from memory.
    await expect(cache.get('session', 's1', loader.load)).resolves.toEqual({ name: 'Ada' });
    expect(loader.calls()).toBe(1);
  });

  it('never hands a call that starts after a change what was read before it', async () => {
    const cache = new AccountCache();
    const loader = manualLoad<{ revoked: boolean }>();
    const before = cache.get('session', 's1', loader.load);
    cache.onChange('session-ended:s1');
    const after = cache.get('session', 's1', loader.load);
    expect(loader.calls()).toBe(2);
    loader.pending[0]!.resolve({ revoked: false });
    loader.pending[1]!.resolve({ revoked: true });
    await expect(before).resolves.toEqual({ revoked: false });
    await expect(after).resolves.toEqual({ revoked: true });
    // The stale read was not kept; the fresh one was.
    await expect(cache.get('session', 's1', loader.load)).resolves.toEqual({ revoked: true });
    expect(loader.calls()).toBe(2);
  });

  it('detaches loads in flight when notifications may have been missed', async () => {
    const cache = new AccountCache();
    const loader = manualLoad<string>();
    const before = cache.get('memberships', 'u1', loader.load);
    cache.onReset();
    const after = cache.get('memberships', 'u1', loader.load);
    expect(loader.calls()).toBe(2);
    loader.pending[0]!.resolve('old');
    loader.pending[1]!.resolve('new');
    expect([await before, await after]).toEqual(['old', 'new']);
  });

  it('tells every waiting call when the shared load fails, and loads again on the next call', async () => {
    const cache = new AccountCache();
    const loader = manualLoad<string>();
    const waiting = Array.from({ length: 10 }, () => cache.get('user', 'u1', loader.load));
    loader.pending[0]!.reject(new Error('database unavailable'));
    for (const call of waiting) await expect(call).rejects.toThrow('database unavailable');
    const retry = cache.get('user', 'u1', loader.load);
    expect(loader.calls()).toBe(2);
    loader.pending[1]!.resolve('back');
    await expect(retry).resolves.toBe('back');
  });

  it('keeps nothing for a row that is not there', async () => {
    const cache = new AccountCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return null;
    };
    await cache.get('user', 'missing', load);
    await cache.get('user', 'missing', load);
    expect(calls).toBe(2);
  });
});
