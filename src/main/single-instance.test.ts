import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { enforceSingleInstance } from './single-instance';

function fakeApp(gotLock: boolean) {
  const events = new EventEmitter();
  const app = { quits: 0, requestSingleInstanceLock: () => gotLock, quit: () => void (app.quits += 1), on: (e: 'second-instance', l: () => void) => events.on(e, l) };
  return { app, events };
}

describe('single instance', () => {
  it('quits a second launch', () => {
    const { app } = fakeApp(false);
    expect(enforceSingleInstance(app, () => null)).toBe(false);
    expect(app.quits).toBe(1);
  });

  it('brings the first instance’s window forward, restoring it when minimized', () => {
    const { app, events } = fakeApp(true);
    const calls: string[] = [];
    const window = { isMinimized: () => true, restore: () => calls.push('restore'), show: () => calls.push('show'), focus: () => calls.push('focus') };
    expect(enforceSingleInstance(app, () => window)).toBe(true);
    events.emit('second-instance');
    expect(calls).toEqual(['restore', 'show', 'focus']);
    expect(app.quits).toBe(0);
  });
});
