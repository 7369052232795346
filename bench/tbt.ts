// Figure: /workspace's total blocking time on a throttled phone, as Lighthouse's mobile run counts it: headless
// Chromium at 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate, Lighthouse's mobile setting) and a 390 x 844
// touch screen, signed in, a cold cache each load (a fresh browser context); the main thread's long tasks
// (PerformanceObserver 'longtask', over 50 ms) from the first contentful paint until the workspace has settled, each
// counted beyond its first 50 ms. The median of BENCH_RUNS x 3 loads. BENCH_PROFILE=file.cpuprofile also writes the
// CPU profile of one load (open it in Chromium's DevTools, Performance) to see what blocks; BENCH_TBT_TASKS=1 prints
// each load's long tasks (start+duration, ms).
import { writeFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/chromium';
import { report, spawnPortal } from './process';
import { benchEmail, BENCH_PASSWORD, benchSeed } from './seed';
import { median } from './server';

const LOADS = Number(process.env.BENCH_RUNS ?? 3) * 3;
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

interface Load {
  /** Total blocking time from the first contentful paint, in ms (Lighthouse's definition). */
  tbt: number;
  /** The same from the navigation's start (what blocks before the first paint too). */
  tbtAll: number;
  longest: number;
  fcp: number;
  /** When the workspace's heading was in the page (ms from the navigation's start, found by polling every 100 ms). */
  ready: number;
}

/** The signed-in cookies of the bench user, from a sign-in through the real form. */
async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email address or user name').fill(benchEmail(0));
  await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByRole('heading', { name: 'Select Organization' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

async function loadWorkspace(browser: Browser, url: string, state: Awaited<ReturnType<typeof signedInState>>, profileTo?: string): Promise<Load> {
  const context: BrowserContext = await browser.newContext({ ...PHONE, serviceWorkers: 'block', storageState: state });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[] };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__long.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}/workspace`, { waitUntil: 'commit' });
    // Waited for through CDP with one small expression: Playwright's own locators would inject their script into the
    // page, a long task of the bench's, not the portal's.
    const deadline = Date.now() + 30_000;
    let ready = 0;
    while (!ready) {
      if (Date.now() > deadline) throw new Error('The workspace did not show its organizations.');
      const { result } = await cdp.send('Runtime.evaluate', { expression: `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Select Organization') ? performance.now() : 0`, returnByValue: true });
      ready = Number(result.value);
      if (!ready) await new Promise((wait) => setTimeout(wait, 100));
    }
    // Settled: no request for a while, then a quiet moment for what runs after (idle callbacks, deferred chunks).
    await page.waitForLoadState('networkidle');
    await new Promise((wait) => setTimeout(wait, 2500));
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(profileTo, JSON.stringify(profile));
    }
    const { long, fcp } = await page.evaluate(() => ({
      long: (window as unknown as { __long: { start: number; duration: number }[] }).__long,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const blocking = (tasks: typeof long) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    // A task under way at the first paint counts only with what follows the paint (Lighthouse clips it the same way).
    const afterPaint = long.filter((task) => task.start + task.duration > fcp).map((task) => ({ start: Math.max(task.start, fcp), duration: task.start + task.duration - Math.max(task.start, fcp) }));
    if (process.env.BENCH_TBT_TASKS) console.log(`      fcp ${fcp.toFixed(0)}: ${long.map((task) => `${task.start.toFixed(0)}+${task.duration.toFixed(0)}`).join(' ')}`);
    return { tbt: blocking(afterPaint), tbtAll: blocking(long), longest: Math.max(0, ...long.map((task) => task.duration)), fcp, ready };
  } finally {
    await context.close();
  }
}

export async function benchTbt(): Promise<void> {
  console.log(`\n/workspace total blocking time, phone (390 x 844), ${CPU_SLOWDOWN}x CPU slowdown, cold cache (median of ${LOADS} loads)`);
  // WEB_ROOT: another build of the portal to measure (a build of main, for a before-and-after), as the server takes it.
  const portal = await spawnPortal('pglite', benchSeed(1), process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {});
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const state = await signedInState(browser, portal.url);
    const loads: Load[] = [];
    // One warm-up load first (the server's first answers, Chromium's own start-up).
    for (let i = -1; i < LOADS; i += 1) {
      const load = await loadWorkspace(browser, portal.url, state, i === 0 ? process.env.BENCH_PROFILE : undefined);
      if (i >= 0) loads.push(load);
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const tbt = median(loads.map((load) => load.tbt));
    report('/workspace total blocking time, phone, 4x CPU (ms)', tbt, { atMost: 200 }, `each load: ${loads.map((load) => load.tbt.toFixed(0)).join(', ')} ms`);
    console.log(`      from the navigation's start: ${ms(median(loads.map((load) => load.tbtAll)))}; longest task ${ms(median(loads.map((load) => load.longest)))}`);
    console.log(`      first contentful paint ${ms(median(loads.map((load) => load.fcp)))}; workspace on screen ${ms(median(loads.map((load) => load.ready)))}`);
  } finally {
    await browser.close();
    await portal.cleanup();
  }
}
