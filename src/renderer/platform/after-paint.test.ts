import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page whose frames and idle moments the test hands out one by one. */
function stubPage(visibilityState: 'visible' | 'hidden', withIdle = true) {
  const frames: Array<() => void> = [];
  const idle: Array<() => void> = [];
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('requestIdleCallback', withIdle ? (run: () => void) => idle.push(run) : undefined);
  return {
    frame: () => frames.shift()?.(),
    idle: () => idle.shift()?.(),
  };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

describe('afterFirstPaint', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('waits for two frames and then an idle moment, once per page', async () => {
    const page = stubPage('visible');
    const { afterFirstPaint } = await import('./after-paint');
    const first = afterFirstPaint();
    expect(await settled(first)).toBe(false);
    page.frame();
    expect(await settled(first)).toBe(false);
    page.frame();
    expect(await settled(first)).toBe(false);
    page.idle();
    expect(await settled(first)).toBe(true);
    // Later callers do not wait for another frame.
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('goes on after the frames where the browser has no idle callback', async () => {
    const page = stubPage('visible', false);
    const { afterFirstPaint } = await import('./after-paint');
    const first = afterFirstPaint();
    page.frame();
    page.frame();
    expect(await settled(first)).toBe(true);
  });

  it('does not wait for frames a hidden page never gets', async () => {
    stubPage('hidden');
    const { afterFirstPaint } = await import('./after-paint');
    expect(await settled(afterFirstPaint())).toBe(true);
  });
});
