let painted: Promise<void> | null = null;

/**
 * Resolves once the page has shown its first screen: what loads after it (the socket's chunk, the sign-in form's
 * rules, the service worker's library) would otherwise compete with that screen's paint for the main thread and the
 * cores, and /login's largest paint waited for them (npm run bench -- lcp). Two animation frames, then the first idle
 * moment: the first frame paints the screen, the second begins once that paint has been handed to the compositor,
 * and idle means the page has nothing left to do for that frame (at most 1 s later, so a busy page still goes on).
 * Later calls resolve at once. A hidden page gets no frames: it goes on at once.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(resolve)));
  });
  return painted;
}

const IDLE_WAIT_MS = 1000;

/** requestIdleCallback where there is one (Safari has none: the next task), at most IDLE_WAIT_MS later. */
export function whenIdle(run: (value?: undefined) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: IDLE_WAIT_MS });
  else setTimeout(run, 0);
}
