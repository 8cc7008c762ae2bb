import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { RegistryEvent } from '@kaloryfer/api-contract';
import { BASE_URL } from '../shop-env';
import { chooseCookies } from './consent-cookie';
import { expect, routeReady, test } from './fixtures';
import { buildRemote, liveBuild, operatorToken, release, run } from './registry-helpers';

/**
 * Canaries in a real browser (issue #34, docs/releasing.md "Canaries"): a cart build made to
 * fail on mount is released to 5 % of shoppers on purpose; the shoppers in that share load it,
 * their beacons say it fails, and the shop rolls it back by itself — every later page gets the
 * live build. A healthy canary steps up. The e2e shop judges after 4 page views, steps at once.
 */
test.describe.configure({ mode: 'serial' });

/** A shopper whose canary bucket is 0: in every canary's share. */
async function shopperInTheCanary(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await chooseCookies(context);
  await context.addCookies([{ name: 'kf_mfe', value: encodeURIComponent('cb:0|checkout:a'), url: BASE_URL }]);
  return { page: await context.newPage(), close: () => context.close() };
}

/** The shopper opens the mini-cart (the cart remote loads), then leaves the page: its beacon goes. */
async function openTheCart(page: Page) {
  await page.goto('/');
  await routeReady(page);
  await page.getByRole('button', { name: /^Koszyk: / }).click();
  // The cart's code loads and mounts (or fails to): its files may come from the browser's cache.
  await page.waitForTimeout(1500);
}

const history = async (page: Page) =>
  (
    (await (await page.request.get('/registry/v1/remotes/cart/history?limit=10', { headers: { authorization: `Bearer ${operatorToken()}` } })).json()) as {
      result: RegistryEvent[];
    }
  ).result;
const pinnedCart = async (page: Page) =>
  JSON.parse(
    /<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(
      await (await page.request.get('/', { headers: { cookie: 'kf_mfe=cb%3A0%7Ccheckout%3Aa' } })).text(),
    )![1],
  ).registry.remotes.cart as {
    version: string;
  };

test('a cart build that fails on mount, released as a 5 % canary, is rolled back by the shop within a minute of its sample', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const live = await liveBuild(page.request, 'cart');
  const outDir = buildRemote('mfe-cart', '9.9.0-broken', { config: 'failing-mini-cart.rspack.cjs' });
  try {
    const released = await release(['cart', '--dist', outDir, '--canary', '5']);
    expect(released.output).toContain('canary of cart 9.9.0-broken at 5 %');
    expect((await pinnedCart(page)).version).toBe('9.9.0-broken'); // bucket 0 is in the canary's 5 %
    const outsider = await (await page.request.get('/', { headers: { cookie: 'kf_mfe=cb%3A50%7Ccheckout%3Aa' } })).text();
    expect(outsider).not.toContain('9.9.0-broken');

    const shopper = await shopperInTheCanary(browser);
    const failures: string[] = [];
    shopper.page.on('console', (message) => {
      if (message.type() === 'error' && /made to fail on mount/.test(message.text())) failures.push(message.text());
    });
    for (let view = 0; view < 5; view += 1) await openTheCart(shopper.page);
    await shopper.page.goto('/c/grzejniki-lazienkowe'); // the last view's beacon
    const sampled = Date.now();
    expect(failures.length).toBeGreaterThanOrEqual(1);

    await expect
      .poll(async () => (await history(page)).find((event) => event.action === 'canary-fail' && event.version === '9.9.0-broken'), {
        timeout: 60_000,
        intervals: [1000],
      })
      .toBeTruthy();
    const seconds = (Date.now() - sampled) / 1000;
    console.log(`bench: a bad canary rolled back ${seconds.toFixed(1)} s after its sample (aim ≤ 60 s)`);
    const failed = (await history(page)).find((event) => event.action === 'canary-fail')!;
    expect(failed).toMatchObject({ team: 'registry', weight: 5, previousVersion: live.version });
    expect(failed.reason).toMatch(/automatic rollback: unhealthy over \d+ page views: error rate (100|[5-9]\d)\.\d\d % against 0\.00 %/);

    // Every later page gets the live build; the shopper in the canary's share too.
    expect((await pinnedCart(page)).version).toBe(live.version);
    await openTheCart(shopper.page);
    await expect
      .poll(() =>
        shopper.page.evaluate(
          () =>
            (window as unknown as { __KALORYFER_SHELL__: { variantOf(remote: string): { version: string } | undefined } }).__KALORYFER_SHELL__.variantOf('cart')
              ?.version,
        ),
      )
      .toBe(live.version);
    await shopper.close();

    // The operator's status says so: the build marked bad, why and when.
    const status = run('npx', ['tsx', 'scripts/registry.ts', 'status']);
    expect(status).toMatch(/marked bad: 9\.9\.0-broken build [0-9a-f]{12} at \d{4}-\d\d-\d\dT[\d:.]+Z — unhealthy over \d+ page views: error rate/);

    // Marked bad: the same build goes again only when forced.
    const again = await release(['cart', '--dist', outDir, '--canary', '5']);
    expect(again.status).not.toBe(0);
    expect(again.output).toMatch(/rolled back by its canary/);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});

test('a healthy canary steps up from 5 %; the operator aborts it', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const live = await liveBuild(page.request, 'cart');
  const outDir = buildRemote('mfe-cart', '9.9.1-healthy');
  try {
    expect((await release(['cart', '--dist', outDir, '--canary', '5'])).output).toContain('at 5 %');
    const shopper = await shopperInTheCanary(browser);
    for (let view = 0; view < 5; view += 1) await openTheCart(shopper.page);
    await shopper.page.goto('/c/grzejniki-lazienkowe');
    await shopper.close();
    await expect
      .poll(async () => (await history(page)).find((event) => event.action === 'canary-step' && event.version === '9.9.1-healthy')?.weight, {
        timeout: 60_000,
        intervals: [1000],
      })
      .toBe(25);
  } finally {
    const aborted = await page.request.post('/registry/v1/remotes/cart/canary/abort', {
      headers: { authorization: `Bearer ${operatorToken()}` },
      data: { reason: 'e2e: done' },
    });
    expect([200, 404]).toContain(aborted.status()); // 404: it was promoted meanwhile
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  expect((await liveBuild(page.request, 'cart')).version).toMatch(new RegExp(`^(${live.version.replace(/\./g, '\\.')}|9\\.9\\.1-healthy)$`));
});
