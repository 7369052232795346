import { afterFirstPaint } from './after-paint';
import type { PlatformServiceWorker, ServiceWorkerStatus } from './platform';

/** Where vite-plugin-pwa writes the worker (vite.web.config.ts). */
const WORKER_URL = '/sw.js';
/** And on its own every half hour, for a tab left open on one screen. */
const CHECK_EVERY_MS = 30 * 60 * 1000;

/**
 * The web portal's service worker through workbox-window: registered after start-up, it precaches the app shell;
 * a newly deployed version installs in the background and waits. The caller decides when it is safe to switch
 * (`apply`): the waiting worker is told to take over, and the page reloads once it controls the page.
 */
export function createServiceWorker(): PlatformServiceWorker {
  let status: ServiceWorkerStatus = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? 'starting' : 'unsupported';
  let update: (() => Promise<unknown>) | null = null;

  // A check revalidates the worker script only (a 304 when nothing was deployed); the browser merges overlapping ones.
  const check = () => {
    update?.().catch(() => undefined);
  };

  return {
    start(onUpdateReady) {
      if (status !== 'starting' || update) return;
      // Loaded once the first screen shows: the sign-in page does not wait for it.
      void afterFirstPaint().then(() => import('workbox-window')).then(async ({ Workbox }) => {
        const workbox = new Workbox(WORKER_URL);
        update = () => workbox.update();
        workbox.addEventListener('waiting', () => {
          status = 'update-ready';
          onUpdateReady(() => {
            workbox.addEventListener('controlling', () => window.location.reload());
            workbox.messageSkipWaiting();
          });
        });
        workbox.addEventListener('activated', (event) => {
          if (!event.isUpdate) status = 'active';
        });
        try {
          const registration = await workbox.register();
          if (registration?.active && status === 'starting') status = 'active';
          setInterval(check, CHECK_EVERY_MS);
          document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
        } catch {
          status = 'failed';
        }
      });
    },
    checkForUpdate: check,
    status: () => status,
  };
}
