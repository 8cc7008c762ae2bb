import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium';

/**
 * The main thread's long tasks while a page loads and hydrates, as Chromium itself reports them
 * (PerformanceObserver 'longtask') under the same 4× CPU slowdown Lighthouse simulates, on a
 * phone-sized viewport. Lighthouse's TBT is a simulation over one trace and swings by hundreds
 * of milliseconds between runs on a shared machine; the observed sum over several runs is the
 * steadier figure to compare builds by (docs/performance.md).
 */
export interface LongTaskFigures {
  /** Sum of each long task's time over 50 ms, after the first contentful paint (TBT's rule). */
  blockingAfterFcp: number;
  /** The same over the whole load, before the first paint too. */
  blockingAll: number;
  /** Long tasks counted, and the longest. */
  count: number;
  longest: number;
}

/** Resolves once the shell marks the route ready (`<html data-route-ready>`), in the page itself. */
const ROUTE_READY = `new Promise((resolve) => {
  const ready = () => document.documentElement.hasAttribute('data-route-ready');
  if (ready()) return resolve(true);
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    observer.disconnect();
    resolve(true);
  }).observe(document.documentElement, { attributes: true });
})`;

/** After the shell reports the route ready: time for the header widgets to load, one per idle task. */
const SETTLE_MS = 3000;

/** One load of `url` in a fresh context (no cache) of `browser`: its long tasks. */
export async function observeLongTasks(browser: Browser, url: string): Promise<LongTaskFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      Object.assign(window, { __longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    // Waited for over the DevTools protocol, not with page.waitForSelector: Playwright's injected
    // script is compiled and run on the page's main thread (two 50–90 ms tasks at 4× CPU, seen in
    // a trace), and was counted as the page's own blocking time.
    await Promise.race([
      cdp.send('Runtime.evaluate', { expression: ROUTE_READY, awaitPromise: true }),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`${url}: the route never became ready`)), 60_000)),
    ]);
    await page.waitForTimeout(SETTLE_MS);
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const blocking = (list: [number, number][]) => Math.round(list.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0));
    return {
      blockingAfterFcp: blocking(tasks.filter(([start]) => start >= fcp)),
      blockingAll: blocking(tasks),
      count: tasks.length,
      longest: Math.round(Math.max(0, ...tasks.map(([, duration]) => duration))),
    };
  } finally {
    await context.close();
  }
}

/** Median of `runs` loads of each URL, one browser for all (each load in a fresh context: no cache). */
export async function measureLongTasks(urls: string[], runs: number, executablePath = CHROMIUM_PATH): Promise<LongTaskFigures[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const results: LongTaskFigures[] = [];
    for (const url of urls) {
      const samples: LongTaskFigures[] = [];
      for (let run = 0; run < runs; run += 1) samples.push(await observeLongTasks(browser, url));
      results.push({
        blockingAfterFcp: median(samples.map((sample) => sample.blockingAfterFcp)),
        blockingAll: median(samples.map((sample) => sample.blockingAll)),
        count: median(samples.map((sample) => sample.count)),
        longest: median(samples.map((sample) => sample.longest)),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
