// A Chromium performance trace of one throttled /workspace load (see tbt.ts), summarised: each main-thread task over
// 50 ms with what ran in it. `npx tsx bench/tbt-trace.ts [out.json]`: the tool behind the figures in the README.
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/chromium';
import { spawnPortal } from './process';
import { benchEmail, BENCH_PASSWORD, benchSeed } from './seed';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
}

const portal = await spawnPortal('pglite', benchSeed(1));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const signIn = await browser.newContext({ serviceWorkers: 'block' });
  const first = await signIn.newPage();
  await first.goto(`${portal.url}/login`);
  await first.getByLabel('Email address or user name').fill(benchEmail(0));
  await first.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
  await first.getByLabel('Password', { exact: true }).press('Enter');
  await first.getByRole('heading', { name: 'Select Organization' }).waitFor();
  const state = await signIn.storageState();
  await signIn.close();
  for (let run = 0; run < 2; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block', storageState: state });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (run === 1) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
    await page.goto(`${portal.url}/workspace`);
    await page.getByRole('heading', { name: 'Select Organization' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    if (run === 1) {
      const buffer = await browser.stopTracing();
      if (process.argv[2]) await writeFile(process.argv[2], buffer);
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      // The page's renderer: the one whose navigation loaded /workspace (the trace also holds Chromium's own pages).
      const start = events.find((event) => event.name === 'navigationStart' && JSON.stringify(event.args).includes('/workspace'))!;
      const threads = new Set(
        events
          .filter((event) => event.pid === start.pid && event.name === 'thread_name' && (event as unknown as { args: { name: string } }).args.name === 'CrRendererMain')
          .map((event) => `${event.pid}:${event.tid}`),
      );
      const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && threads.has(`${event.pid}:${event.tid}`) && (event.dur ?? 0) > 50_000);
      const nav = start.ts;
      const paint = events.find((event) => event.pid === start.pid && event.name === 'firstContentfulPaint');
      if (paint) console.log(`first contentful paint +${((paint.ts - nav) / 1000).toFixed(0)} ms`);
      for (const task of tasks) {
        const end = task.ts + task.dur!;
        const inside = events.filter((event) => event.ph === 'X' && event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && event !== task);
        const named = new Map<string, number>();
        for (const event of inside) {
          if (!['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.run', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet', 'v8.parseOnBackground'].includes(event.name)) continue;
          const data = event.args?.data;
          const where = data?.url ? data.url.replace(/^.*\//, '') : '';
          const key = `${event.name} ${where} ${data?.functionName ?? ''}`.trim();
          named.set(key, (named.get(key) ?? 0) + (event.dur ?? 0));
        }
        console.log(`task +${((task.ts - nav) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms`);
        for (const [key, dur] of [...named].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${(dur / 1000).toFixed(1)} ms  ${key}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await portal.cleanup();
}
process.exit(0);
