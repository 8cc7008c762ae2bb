import { chromium, type Browser, type BrowserContext, type CDPSession, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium';

/**
 * A shopper's second visit to a page, as Chromium loads it under Lighthouse's slow-4G profile
 * (DevTools throttling: 562.5 ms request latency, 1.47 Mbit/s down, 675 kbit/s up) and a 4×
 * slower CPU, on a phone-sized viewport: with the shop's service worker installed by the first
 * visit, or with only the browser's HTTP cache (the worker blocked). Measured: the largest
 * contentful paint and the bytes that crossed the network — the page's own requests that the
 * worker did not answer plus the worker's own fetches (docs/offline.md, "Repeat visits").
 *
 * The throttling is applied to the page and to the service worker alike: the worker's fetches
 * (the network-first page, a revalidation) would otherwise travel unthrottled and flatter it.
 */
export interface RepeatVisit {
  lcpMs: number;
  transferredKb: number;
  requests: number;
  /** Requests the worker answered from its caches. */
  fromWorker: number;
}

/** Lighthouse's mobileSlow4G as DevTools applies it (lighthouse-core/config/constants.js). */
export const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** After the route is ready: the header's widgets load one per idle task, the worker settles. */
const SETTLE_MS = 3000;

/** Throttles every service worker of the browser through the browser's own CDP session (a worker has no page session). */
async function throttleServiceWorkers(browser: Browser): Promise<void> {
  const session: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  let id = 0;
  for (const target of targetInfos.filter((info) => info.type === 'service_worker')) {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const message = (method: string, params: object) =>
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
    await message('Network.enable', {});
    await message('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  }
}

async function whenWorkerControls(context: BrowserContext): Promise<void> {
  const [page] = context.pages();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

async function visitTwice(browser: Browser, url: string, withWorker: boolean): Promise<RepeatVisit> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    serviceWorkers: withWorker ? 'allow' : 'block',
  });
  try {
    // A shopper coming back has answered the cookie banner on the first visit
    // (shell/src/consent/consent-cookie.ts): the banner is not what the second visit paints.
    const now = Math.floor(Date.now() / 1000);
    await context.addCookies([
      { name: 'kf_consent', value: encodeURIComponent(`v=1&a=1&m=1&t=${now}`), url: new URL(url).origin, expires: now + 86_400, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = { lcp: 0 };
      Object.assign(window, { __lcp: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The first visit: the worker installs and takes the page; a second load lets it keep what
    // the page uses (the first was not yet under it). Without the worker, the HTTP cache fills.
    await page.goto(url);
    await page.waitForSelector('html[data-route-ready]', { timeout: 60_000 });
    if (withWorker) {
      await whenWorkerControls(context);
      // The same address again (not reload(): a configurable product has put its variant in the address meanwhile).
      await page.goto(url);
      await page.waitForSelector('html[data-route-ready]', { timeout: 60_000 });
    }
    await page.waitForTimeout(SETTLE_MS);

    // The measured visit: a new page in the same profile, as a shopper coming back.
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (withWorker) await throttleServiceWorkers(browser);
    const finished: Request[] = [];
    const onFinished = (request: Request) => finished.push(request);
    context.on('requestfinished', onFinished);
    await page.goto(url);
    await page.waitForSelector('html[data-route-ready]', { timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    context.off('requestfinished', onFinished);
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: { lcp: number } }).__lcp.lcp);

    let bytes = 0;
    let fromWorker = 0;
    for (const request of finished) {
      const response = await request.response();
      if (!response) continue;
      // A page request the worker answered crossed no network (the worker's own fetch, if any, is counted as its request).
      if (!request.serviceWorker() && response.fromServiceWorker()) {
        fromWorker += 1;
        continue;
      }
      const sizes = await request.sizes();
      const size = sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize + sizes.requestBodySize;
      bytes += size;
      if (process.env.BENCH_REPEAT_LIST)
        console.log(
          `  ${withWorker ? 'sw ' : 'http'} ${(size / 1024).toFixed(1).padStart(6)} KB ${request.serviceWorker() ? '(worker) ' : ''}${request.method()} ${request.url().slice(0, 120)}`,
        );
    }
    return { lcpMs: Math.round(lcpMs), transferredKb: bytes / 1024, requests: finished.length, fromWorker };
  } finally {
    await context.close();
  }
}

/** Median of `runs` repeat visits of each URL, with the worker and without. */
export async function measureRepeatVisits(
  urls: string[],
  runs: number,
  executablePath = CHROMIUM_PATH,
): Promise<{ url: string; worker: RepeatVisit; httpCache: RepeatVisit }[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const url of urls) {
      const pick = async (withWorker: boolean): Promise<RepeatVisit> => {
        const samples: RepeatVisit[] = [];
        for (let run = 0; run < runs; run += 1) samples.push(await visitTwice(browser, url, withWorker));
        return {
          lcpMs: median(samples.map((sample) => sample.lcpMs)),
          transferredKb: median(samples.map((sample) => sample.transferredKb)),
          requests: median(samples.map((sample) => sample.requests)),
          fromWorker: median(samples.map((sample) => sample.fromWorker)),
        };
      };
      results.push({ url, worker: await pick(true), httpCache: await pick(false) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
