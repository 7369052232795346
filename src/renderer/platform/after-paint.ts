let painted: Promise<void> | null = null;

/**
 * Resolves once the page has shown its first screen: what loads after it (the socket's chunk, the sign-in form's
 * rules, the service worker's library) would otherwise compete with that screen's paint for the main thread and the
 * cores, and /login's largest paint waited for them (npm run bench -- lcp). Two animation frames, then a task: the
 * first frame paints the screen, the second begins once that paint has been handed to the compositor. Later calls
 * resolve at once. A hidden page gets no frames: it goes on at once.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
  return painted;
}
