import type { APIRequestContext } from '@playwright/test';
import type { BuildSignals } from '@kaloryfer/api-contract';
import { BASE_URL } from '../shop-env';
import { chooseCookies } from './consent-cookie';
import { expect, routeReady, test } from './fixtures';
import { liveBuild, operatorToken } from './registry-helpers';

/**
 * Signals from a real browser (issue #34, docs/releasing.md "Signals"): a page view in Chromium
 * ends with one beacon, and the build that rendered the page's route has the page view and its
 * Largest Contentful Paint, as the registry's signals say.
 */
async function catalogSignals(request: APIRequestContext): Promise<BuildSignals | undefined> {
  const response = await request.get('/registry/v1/remotes/catalog/signals?minutes=30', { headers: { authorization: `Bearer ${operatorToken()}` } });
  expect(response.status()).toBe(200);
  const live = await liveBuild(request, 'catalog');
  return ((await response.json()) as { result: { builds: BuildSignals[] } }).result.builds.find((entry) => entry.build === live.build);
}

test("a page view's beacon reaches the build that rendered it, with its LCP, and says nothing about the shopper", async ({ browser, request }) => {
  const before = (await catalogSignals(request))?.pageViews ?? 0;
  const context = await browser.newContext({ baseURL: BASE_URL });
  await chooseCookies(context);
  const page = await context.newPage();
  // What the page hands to sendBeacon, kept where the test can read it.
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const sent: Promise<string>[] = [];
    Object.assign(window, { __beacons: sent });
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/signals')) sent.push(data instanceof Blob ? data.text() : Promise.resolve(String(data)));
      return send(url, data);
    };
  });
  await page.goto('/c/grzejniki-lazienkowe');
  await routeReady(page);
  // The page-view token the page server minted for this page: the beacon's proof that it counts.
  const pageToken = await page.evaluate(() => (JSON.parse(document.getElementById('kf-state')!.textContent!) as { pageView?: string }).pageView);
  expect(pageToken).toBeTruthy();
  // The vitals library arrives after the route; then a click on the page's heading: the shopper's
  // first input settles the Largest Contentful Paint (web-vitals reports it when the page idles).
  await page.locator('html[data-vitals]').waitFor({ state: 'attached' });
  await page.getByRole('heading', { level: 1 }).click();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  // The shopper switches to another tab: the page is hidden, its beacon goes.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  const beacons = await page.evaluate(() => Promise.all((window as unknown as { __beacons: Promise<string>[] }).__beacons));

  await expect.poll(async () => (await catalogSignals(request))?.pageViews ?? 0, { timeout: 15_000 }).toBeGreaterThan(before);
  const signals = (await catalogSignals(request))!;
  expect(signals.lcpP75Ms).not.toBeNull();
  expect(beacons.length).toBeGreaterThanOrEqual(1);
  const live = await liveBuild(request, 'catalog');
  expect(JSON.parse(beacons[0])).toMatchObject({
    builds: expect.arrayContaining([{ remote: 'catalog', build: live.build, pageView: true, route: true }]),
    vitals: { lcp: expect.any(Number) },
    token: pageToken, // this page's: a new one for every page, tied to no cookie or device
  });
  for (const beacon of beacons) {
    expect(beacon.length).toBeLessThanOrEqual(1024);
    // Builds, counts, vitals and the page's token only: no id, no address, nothing of the page the shopper saw.
    expect(Object.keys(JSON.parse(beacon) as object).every((key) => ['builds', 'vitals', 'token'].includes(key))).toBe(true);
    expect(beacon).not.toMatch(/grzejniki|kf_mfe|id:s/);
  }
  await context.close();
});
