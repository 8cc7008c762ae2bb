import type { BrowserContext, Page } from '@playwright/test';
import { REMOTE_FILES } from '../shop-env';
import { expect, test } from './fixtures';
import { findProducts } from './helpers';

/**
 * Nothing a shopper does is lost to a dropped connection on a first visit (issue #33,
 * docs/offline.md "A first visit offline"): one product page seen online — the header widgets'
 * code loads on demand, so the cart's has not — then the connection drops and the shopper presses
 * "Dodaj do koszyka". The line reaches the server cart exactly once when the connection returns:
 * with the service worker (it stored every build's files when it installed), and without one
 * (the command waits, across a reload of the tab, until the cart's code can arrive). And a
 * language switched to while offline says every word: no key is ever shown bare.
 */

/** The server cart's lines for the cart this browser holds. */
async function serverCartLines(page: Page): Promise<{ sku: string; qty: number }[]> {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kaloryfer.cart') ?? '{}') as { cartId?: string; token?: string });
  const id = stored.cartId ?? stored.token;
  if (!id) return [];
  const answer = await page.request.get(`/api/cart/pull?cartId=${encodeURIComponent(id)}`);
  return ((await answer.json()) as { result: { sku: string; qty: number }[] }).result.map(({ sku, qty }) => ({ sku, qty }));
}

/** Keys shown with no words (shared/i18n engine.ts notes every one). */
const missingWords = (page: Page) => page.evaluate(() => (window as unknown as { __KALORYFER_MISSING_WORDS__?: string[] }).__KALORYFER_MISSING_WORDS__ ?? []);

/** A first visit to one product page: the cart's code is not on the page. */
async function firstVisit(page: Page): Promise<{ sku: string; name: string; cartCode: () => boolean }> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  const [product] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 30);
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  return { sku: product.sku, name: product.name, cartCode: () => scripts.some((url) => url.startsWith(`${REMOTE_FILES.cart}/`)) };
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test("offline after one page: 'Dodaj do koszyka' works from the worker's copy of the cart's code, survives a reload, and reaches the server cart once", async ({
    page,
    context,
  }) => {
    test.slow();
    const product = await firstVisit(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    expect(product.cartCode(), "the cart's code has not loaded on this first visit").toBe(false);

    await goOffline(page, context);
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect(page.getByRole('button', { name: /^Koszyk: 1 produkt w koszyku/ })).toBeVisible();
    await page.reload(); // offline: the worker answers
    await expect(page.getByRole('button', { name: /^Koszyk: 1 produkt w koszyku/ })).toBeVisible();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => serverCartLines(page), { timeout: 20_000 }).toEqual([{ sku: product.sku, qty: 1 }]);
    await page.reload();
    await expect.poll(() => serverCartLines(page)).toEqual([{ sku: product.sku, qty: 1 }]);
    expect(await missingWords(page)).toEqual([]);
  });

  test('a switch to English while offline: every page the shopper reaches says its words — product, cart, checkout, thank-you page — no key bare', async ({
    page,
    context,
  }) => {
    test.slow();
    await firstVisit(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await goOffline(page, context);

    await page.getByLabel('Język').selectOption('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(await missingWords(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const added = page.getByRole('status').filter({ hasText: 'Product has been added to the cart!' });
    await expect(added).toBeVisible();
    // The mini-cart's code takes the launcher's place in the header: press it once it has.
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(1);
    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await missingWords(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await added.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator('#region-checkout')).not.toBeEmpty();
    await expect(page.locator('#region-checkout [data-fallback]')).toHaveCount(0);
    expect(await missingWords(page)).toEqual([]);

    // A thank-you page for an order this browser does not hold (offline: it cannot ask the server).
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/thank-you-page?offline_order=nieznane-zamowienie', textContent: 'x' });
      document.querySelector('#main-content')!.append(link);
      link.click();
    });
    await expect(page).toHaveURL(/thank-you-page/);
    await expect(page.locator('#region-checkout h1')).toBeVisible();
    expect(await missingWords(page)).toEqual([]);
    await context.setOffline(false);
  });
});

test.describe('without a service worker', () => {
  test("offline, the cart's code cannot arrive: the press waits and reaches the server cart once when the connection returns", async ({ page, context }) => {
    const product = await firstVisit(page);
    await goOffline(page, context);
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.waitForTimeout(500);
    expect(await serverCartLines(page)).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => serverCartLines(page), { timeout: 20_000 }).toEqual([{ sku: product.sku, qty: 1 }]);
    await expect(page.getByRole('button', { name: /^Koszyk: 1 produkt w koszyku/ })).toBeVisible();
  });

  test('…and across a reload of the tab while the connection is away', async ({ page, context }) => {
    const product = await firstVisit(page);
    await goOffline(page, context);
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('kf_held_commands'))).toContain(product.sku);
    await page.reload().catch(() => undefined); // no worker: the browser's offline page

    await context.setOffline(false);
    await page.goto(`/`);
    await expect.poll(() => serverCartLines(page), { timeout: 20_000 }).toEqual([{ sku: product.sku, qty: 1 }]);
    await page.reload();
    await expect.poll(() => serverCartLines(page)).toEqual([{ sku: product.sku, qty: 1 }]);
    expect(await page.evaluate(() => sessionStorage.getItem('kf_held_commands'))).toBeNull();
  });
});
