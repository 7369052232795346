// Figure: /login's Largest Contentful Paint in headless Chromium with a cold cache (a fresh browser context per run),
// against the floor React app (bench/floor, React + react-dom + react-router) and a static page of the same content,
// each the median of BENCH_RUNS × 3 loads. The portal is the built server on its own database; the floor and the
// static page come from a bare express server with the same compression, on the same machine.
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromium, type Browser } from '@playwright/test';
import compression from 'compression';
import express from 'express';
import { chromiumLaunchOptions } from '../tests/chromium';
import { buildFloor } from './front-end';
import { freePort, report, spawnPortal } from './process';
import { benchSeed } from './seed';
import { median } from './server';

const LOADS = Number(process.env.BENCH_RUNS ?? 3) * 3;

/**
 * One cold load: a new context (empty cache, no service worker), LCP as the page's PerformanceObserver saw it, and
 * when the app first set a route's title (the portal sets the route's title once React has the page: /login arrives
 * prerendered, and this is when it has been hydrated).
 */
async function lcpOf(browser: Browser, url: string): Promise<{ lcp: number; titled: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __titled: number };
      w.__lcp = 0;
      w.__titled = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // The app sets the route's title ("{title} · Suite Portal"), which replaces the <title> element's text, even where
      // the page arrived with that title already (/login): the parser only ever inserts it.
      new MutationObserver((records) => {
        const set = records.some((record) => record.target.nodeName === 'TITLE' && record.removedNodes.length > 0);
        if (!w.__titled && set && document.title.includes(' · ')) w.__titled = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const { lcp, titled } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __titled: number };
      return { lcp: w.__lcp, titled: w.__titled };
    });
    if (!lcp) throw new Error(`No largest-contentful-paint entry for ${url}`);
    return { lcp, titled };
  } finally {
    await context.close();
  }
}

async function serveFloor(dir: string): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(compression({ threshold: 512 }));
  app.use(express.static(dir, { index: 'index.html' }));
  const port = await freePort();
  const server = await new Promise<Server>((done) => {
    const listening = app.listen(port, '127.0.0.1', () => done(listening));
  });
  return { url: `http://127.0.0.1:${port}`, server };
}

export async function benchLcp(): Promise<void> {
  console.log(`\n/login LCP, headless Chromium, cold cache (median of ${LOADS} loads)`);
  const floorDir = await buildFloor();
  const floor = await serveFloor(floorDir);
  const portal = await spawnPortal('pglite', benchSeed(1));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const samples: Record<'login' | 'react' | 'static' | 'hydrated', number[]> = { login: [], react: [], static: [], hydrated: [] };
    // Interleaved, so a busy moment of the machine falls on all three alike; one warm-up load each first.
    for (let i = -1; i < LOADS; i += 1) {
      const login = await lcpOf(browser, `${portal.url}/login`);
      const react = await lcpOf(browser, `${floor.url}/`);
      const plain = await lcpOf(browser, `${floor.url}/static.html`);
      if (i < 0) continue;
      samples.login.push(login.lcp);
      samples.hydrated.push(login.titled);
      samples.react.push(react.lcp);
      samples.static.push(plain.lcp);
    }
    const [login, react, plain] = [median(samples.login), median(samples.react), median(samples.static)];
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    report('/login LCP ÷ a minimal React app (react-router)', login / react, { atMost: 1.5 }, `${ms(login)} vs ${ms(react)}; static page ${ms(plain)}`);
    console.log(`      /login LCP ÷ a static page of the same content: ${(login / plain).toFixed(2)}`);
    // The page arrives with the sign-in screen in it: it paints before the scripts run, and React then hydrates it.
    console.log(`      /login hydrated (React has the page, Login answers): ${ms(median(samples.hydrated))}`);
  } finally {
    await browser.close();
    await portal.cleanup();
    floor.server.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}
