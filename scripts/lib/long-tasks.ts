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
  /**
   * Long animation frames that ran code of a remote other than the route's (a header widget's:
   * search, mini-cart, account, wishlist — issue #51), and their blocking time. Chromium's
   * long-animation-frame entries name each script's file; a remote's files live under
   * /mfe/<remote>/. No interaction happens in the bench, so all of it is "before the first
   * interaction". On catalogue pages the search widget is the route's own remote and not counted.
   */
  widgetFrames: number;
  widgetBlocking: number;
}

/** The fields of LongTaskFigures, for the medians of several loads. */
export const LONG_TASK_FIELDS = ['blockingAfterFcp', 'blockingAll', 'count', 'longest', 'widgetFrames', 'widgetBlocking'] as const;

/** The median of each figure over several loads. */
export function medianOfLoads(samples: LongTaskFigures[]): LongTaskFigures {
  return Object.fromEntries(LONG_TASK_FIELDS.map((field) => [field, median(samples.map((sample) => sample[field]))])) as unknown as LongTaskFigures;
}

interface ObservedFrame {
  blocking: number;
  scripts: string[];
}

/** The frames that blocked the main thread while running a remote's code other than the route's. */
export function widgetFramesOf(frames: ObservedFrame[], routeRemote: string | null): ObservedFrame[] {
  const remoteOf = (url: string) => /\/mfe\/([a-z0-9-]+)\//.exec(new URL(url, 'http://x/').pathname)?.[1] ?? null;
  return frames.filter(
    (frame) =>
      frame.blocking > 0 &&
      frame.scripts.some((url) => {
        const remote = remoteOf(url);
        return remote !== null && remote !== routeRemote;
      }),
  );
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
      const frames: { blocking: number; scripts: string[] }[] = [];
      Object.assign(window, { __longFrames: frames });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { blockingDuration: number; scripts: { sourceURL: string }[] }[])
          frames.push({ blocking: entry.blockingDuration, scripts: entry.scripts.map((script) => script.sourceURL) });
      }).observe({ type: 'long-animation-frame', buffered: true });
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
    const { tasks, frames, fcp, routeRemote } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
      frames: (window as unknown as { __longFrames: ObservedFrame[] }).__longFrames,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      // The region the server rendered is the route's (the others stay empty until the route changes).
      routeRemote: document.querySelector<HTMLElement>('.region [data-ssr]')?.closest<HTMLElement>('.region')?.dataset.remote ?? null,
    }));
    const widget = widgetFramesOf(frames, routeRemote);
    const blocking = (list: [number, number][]) => Math.round(list.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0));
    return {
      blockingAfterFcp: blocking(tasks.filter(([start]) => start >= fcp)),
      blockingAll: blocking(tasks),
      count: tasks.length,
      longest: Math.round(Math.max(0, ...tasks.map(([, duration]) => duration))),
      widgetFrames: widget.length,
      widgetBlocking: Math.round(widget.reduce((sum, frame) => sum + frame.blocking, 0)),
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
      results.push(medianOfLoads(samples));
    }
    return results;
  } finally {
    await browser.close();
  }
}
