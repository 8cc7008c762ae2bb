import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findProducts, findWithStock } from './helpers';

/**
 * What a careful shopper found wrong (issue #20), tried as they met it: in the composed, built
 * shop, on a phone where the defect was about layout.
 */

const LISTING = '/c/grzejniki-lazienkowe';
const listingCount = async (page: Page) => Number((await page.locator('.listing-count').textContent())!.replace(/\D/g, ''));

/** WCAG relative luminance and contrast of two computed `rgb(…)` colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

test('"Dodaj do koszyka" looks like the shop\'s main button: not the browser\'s, readable, a 44 px target', async ({ page }) => {
  const [valve] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1);
  await page.goto(`/p/${valve.sku}/${valve.slug}`);
  const button = page.getByRole('button', { name: 'Dodaj do koszyka' });
  const style = await button.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { background: computed.backgroundColor, color: computed.color, height: element.getBoundingClientRect().height };
  });
  // An unstyled button is the browser's grey (buttonface) with black text.
  expect(style.background).not.toMatch(/^rgba?\((239, 239, 239|240, 240, 240|0, 0, 0, 0)/);
  expect(contrast(style.color, style.background)).toBeGreaterThanOrEqual(4.5);
  expect(style.height).toBeGreaterThanOrEqual(44);
});

test('"Promocje (N)" and "Nowości (N)" count what the filter then shows; every crossed price on a tile has its Omnibus line', async ({ page }) => {
  for (const [label, param] of [
    ['Promocje', 'sale'],
    ['Nowości', 'new'],
  ] as const) {
    await page.goto(LISTING);
    const checkbox = page.getByRole('checkbox', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
    const counted = Number((await checkbox.evaluate((element) => element.closest('label')!.textContent!)).replace(/\D/g, ''));
    expect(counted, `${label} counts products`).toBeGreaterThan(0);
    await checkbox.check();
    await expect(page).toHaveURL(new RegExp(`[?&]${param}=true(&|$)`));
    await expect.poll(() => listingCount(page)).toBe(counted);
  }

  await page.goto(`${LISTING}?sale=true`);
  const tiles = page.locator('.product-grid:not([aria-hidden]) > li');
  await expect(tiles.first()).toBeVisible();
  const shown = await tiles.count();
  await expect(tiles.filter({ has: page.locator('del') })).toHaveCount(shown); // the filter and the crossed price: one rule
  await expect(tiles.filter({ has: page.getByText(/^Najniższa cena z 30 dni przed obniżką: [\d\s]+,\d\d\szł$/) })).toHaveCount(shown);
});

test('one width in the URL filters like a range of one value: ?width=500', async ({ page }) => {
  await page.goto(LISTING);
  const all = await listingCount(page);
  await page.goto(`${LISTING}?width=500`);
  await expect(page.getByRole('group', { name: 'Szerokość' }).getByRole('radio', { name: '500 mm' })).toBeChecked();
  await expect.poll(() => listingCount(page)).toBeGreaterThan(0);
  expect(await listingCount(page)).toBeLessThan(all);
});

test('a configurable radiator opens on the variant its tile\'s "od" price comes from', async ({ page }) => {
  await page.goto(LISTING);
  const tile = page
    .locator('.product-grid:not([aria-hidden]) > li')
    .filter({ hasText: /od\s[\d\s]+,\d\d\szł/ })
    .first();
  const from = (await tile.locator('.product-tile-price strong').textContent())!.replace(/^od\s+/, '');
  await tile.getByRole('link').first().click();
  await expect(page.locator('.price-final strong')).toHaveText(from);
});

test('downloads name their kind once', async ({ page }) => {
  const [guide] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'downloadable' } }], 1);
  await page.goto(`/p/${guide.sku}/${guide.slug}`);
  const downloads = page.getByRole('region', { name: 'Do pobrania' });
  await expect(downloads.getByRole('listitem').first()).toContainText('(PDF)');
  for (const text of await downloads.getByRole('listitem').allTextContents()) expect(text).not.toMatch(/\(PDF\).*\(PDF\)/);
});

test.describe('on a phone', () => {
  /** Pages a shopper goes through, the microcart open on the last product page. */
  // Once the page has settled (a panel closing on the way to checkout may overhang for a frame).
  const fits = async (page: Page, width: number, what: string) => {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${what} at ${width} px scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
  };
  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

  for (const width of [320, 360, 412]) {
    test(`${width} px: home, a listing, a product, the cart and checkout fit without scrolling sideways; the header keeps every control${width === 412 ? '; axe finds nothing serious' : ''}`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 800 });
      // Both checkout variants, chosen rather than drawn (b shows every section at once).
      await page.goto(`/?mfe=checkout:${width === 360 ? 'a' : 'b'}`);
      const [valve] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }]);
      for (const [what, path] of [
        ['home', '/'],
        ['listing', LISTING],
        ['product', `/p/${valve.sku}/${valve.slug}`],
      ]) {
        await page.goto(path);
        await fits(page, width, what);
        for (const name of ['Menu', 'Szukaj', /^Koszyk/]) await expect(page.getByRole('button', { name }).first()).toBeInViewport();
        if (width === 412) expect(await serious(page), what).toEqual([]);
      }
      await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
      await page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' }).getByRole('button', { name: 'OK' }).click();
      await page.getByRole('button', { name: /^Koszyk/ }).click();
      await expect(page.getByRole('link', { name: 'Przejdź do kasy' })).toBeInViewport();
      await fits(page, width, 'cart');
      await page.getByRole('link', { name: 'Przejdź do kasy' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kasa');
      await expect(page.getByLabel('Imię', { exact: true }).first()).toBeVisible();
      await fits(page, width, 'checkout');
      if (width === 412) expect(await serious(page), 'checkout').toEqual([]);
    });
  }
});
