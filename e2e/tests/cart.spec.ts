import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors, findProducts } from './helpers';

/** The cart as the server has it, read with the id the engine keeps in this browser. */
async function serverLines(page: Page): Promise<{ sku: string; qty: number }[]> {
  const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('kaloryfer.cart') ?? '{}').token as string);
  const response = await page.request.get(`/api/cart/pull?cartId=${cartId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()).result as { sku: string; qty: number }[]).map(({ sku, qty }) => ({ sku, qty }));
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

test('a configurable and a bundle from their pages → the microcart shows both with options → quantity, variant, coupon → a reload keeps the cart → an out-of-stock product is refused', async ({
  page,
}) => {
  test.slow(); // one long journey through five pages
  const errors = collectPageErrors(page);
  await page.goto('/');
  const cartButton = (count: string) => page.getByRole('button', { name: `Koszyk: ${count}` });

  // A configurable radiator with at least two variants in stock, opened at the first of them.
  const configurables = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'configurable' } }], 10);
  const radiator = configurables.find((product) => product.configurable_children!.filter((child) => child.stock.is_in_stock).length >= 2)!;
  const [variant, otherVariant] = radiator.configurable_children!.filter((child) => child.stock.is_in_stock);
  await page.goto(`/p/${radiator.sku}/${radiator.slug}/${variant.sku}`);
  await expect(page.getByText(`Kod: ${variant.sku}`)).toBeVisible();
  await expect(cartButton('0 produktów w koszyku')).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
  await expect(added).toBeVisible();
  await expect(added.getByRole('button', { name: 'Przejdź do kasy' })).toBeVisible();
  await added.getByRole('button', { name: 'OK' }).click();
  await expect(cartButton('1 produkt w koszyku')).toBeVisible();

  // A bundle with its second radiator chosen.
  const [bundle] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'bundle' } }], 1);
  await page.goto(`/p/${bundle.sku}/${bundle.slug}`);
  const bundleRadiator = page.getByRole('group', { name: /^Grzejnik/ });
  await bundleRadiator.getByRole('radio').nth(1).check();
  const chosenRadiator = (await bundleRadiator.locator('label').nth(1).textContent())!.split(/\s[+–(]/)[0].trim();
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
  await expect(cartButton('2 produkty w koszyku')).toBeVisible();

  // The microcart: both lines with 150×150 thumbnails and their chosen options, totals from the server.
  await cartButton('2 produkty w koszyku').click();
  const microcart = page.getByRole('dialog', { name: 'Twój koszyk' });
  const lines = microcart.getByRole('list', { name: 'Produkty w koszyku' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const radiatorLine = lines.filter({ has: page.getByRole('heading', { name: radiator.name }) });
  const bundleLine = lines.filter({ has: page.getByRole('heading', { name: bundle.name }) });
  await expect(radiatorLine.locator('img')).toHaveAttribute('src', /\/img\/150\/150\//);
  await expect(radiatorLine.locator('dl')).toContainText(/Kolor|Wymiary|Rozmiar|Wysokość/);
  await expect(bundleLine.locator('dl')).toContainText(chosenRadiator);
  expect(await serverLines(page)).toEqual([
    { sku: variant.sku, qty: 1 },
    { sku: bundle.sku, qty: 1 },
  ]);
  const subtotal = microcart.getByRole('region', { name: 'Podsumowanie' }).locator('.total-subtotal dd');
  const grandTotal = microcart.getByRole('region', { name: 'Podsumowanie' }).locator('.total-grand_total dd');
  await expect(microcart.getByText(/Do darmowej dostawy brakuje|Masz darmową dostawę/)).toBeVisible();
  await expect(
    new AxeBuilder({ page })
      .include('.drawer')
      .analyze()
      .then((result) => result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => violation.id)),
  ).resolves.toEqual([]);

  // Quantity: + doubles the radiator's row; the server has it.
  const rowBefore = money(await radiatorLine.locator('.cart-line-price strong').textContent());
  await radiatorLine.getByRole('button', { name: `Zwiększ ilość: ${radiator.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ilość produktu została zaktualizowana!' })).toBeVisible();
  await expect(radiatorLine.getByRole('textbox', { name: `Ilość: ${radiator.name}` })).toHaveValue('2');
  await expect.poll(async () => money(await radiatorLine.locator('.cart-line-price strong').textContent())).toBeCloseTo(rowBefore * 2, 2);
  await radiatorLine.getByRole('textbox', { name: `Ilość: ${radiator.name}` }).fill('abc');
  await radiatorLine.getByRole('textbox', { name: `Ilość: ${radiator.name}` }).press('Enter');
  await expect(radiatorLine.getByRole('alert')).toHaveText('Ilość musi być dodatnią liczbą całkowitą');
  await radiatorLine.getByRole('textbox', { name: `Ilość: ${radiator.name}` }).fill('2');
  await radiatorLine.getByRole('textbox', { name: `Ilość: ${radiator.name}` }).press('Enter');
  await expect(radiatorLine.getByRole('alert')).toHaveCount(0);

  // Edit mode: the radiator becomes its other variant, quantity kept.
  await radiatorLine.getByRole('button', { name: `Zmień wariant: ${radiator.name}` }).click();
  const editor = radiatorLine.getByRole('group', { name: `Wariant: ${radiator.name}` });
  await expect(editor.getByRole('combobox').first()).toBeFocused();
  const otherSkuPage = await (await page.request.get(`/api/product/single?sku=${radiator.sku}`)).json();
  const options = otherSkuPage.result.configurable_options as { attribute_code: string; label: string }[];
  const other = (otherSkuPage.result.configurable_children as Record<string, unknown>[]).find((child) => child.sku === otherVariant.sku)!;
  for (const option of options) await editor.getByRole('combobox', { name: option.label }).selectOption(String(other[option.attribute_code]));
  await radiatorLine.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(radiatorLine.getByRole('button', { name: `Zmień wariant: ${radiator.name}` })).toBeFocused();
  await expect
    .poll(() => serverLines(page))
    .toEqual([
      { sku: otherVariant.sku, qty: 2 },
      { sku: bundle.sku, qty: 1 },
    ]);

  // A coupon: a wrong one is refused with the spec's message; NEWSLETTER10 takes 10 % off; removing it puts the total back.
  const coupon = microcart.getByRole('textbox', { name: 'Kod rabatowy' });
  await coupon.fill('NIEMA');
  await coupon.press('Enter');
  await expect(microcart.getByRole('alert')).toHaveText('Wpisany kod rabatowy jest nieprawidłowy');
  await coupon.fill('newsletter10');
  await microcart.getByRole('button', { name: 'Zastosuj' }).click();
  await expect(microcart.getByText('Rabat (NEWSLETTER10)')).toBeVisible();
  const withCoupon = money(await grandTotal.textContent());
  expect(withCoupon).toBeCloseTo(money(await subtotal.textContent()) * 0.9, 1);
  await microcart.getByRole('button', { name: 'Usuń kod NEWSLETTER10' }).click();
  await expect(microcart.getByText('Rabat (NEWSLETTER10)')).toHaveCount(0);
  await expect.poll(async () => money(await grandTotal.textContent())).toBeCloseTo(money(await subtotal.textContent()), 2);

  // A reload keeps the cart, quantities not doubled, on the page and on the server.
  await page.reload();
  await expect(cartButton('3 produkty w koszyku')).toBeVisible();
  await page.reload();
  await expect(cartButton('3 produkty w koszyku')).toBeVisible();
  expect(await serverLines(page)).toEqual([
    { sku: otherVariant.sku, qty: 2 },
    { sku: bundle.sku, qty: 1 },
  ]);

  // Removal asks first; Escape keeps the line, yes removes it.
  await cartButton('3 produkty w koszyku').click();
  await lines
    .filter({ has: page.getByRole('heading', { name: bundle.name }) })
    .getByRole('button', { name: `Usuń z koszyka: ${bundle.name}` })
    .click();
  await expect(page.getByRole('button', { name: 'Tak, usuń' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Usuń z koszyka: ${bundle.name}` })).toBeFocused();
  await expect(microcart).toBeVisible();
  await page.getByRole('button', { name: `Usuń z koszyka: ${bundle.name}` }).click();
  await page.getByRole('button', { name: 'Tak, usuń' }).click();
  await expect(cartButton('2 produkty w koszyku')).toBeVisible();
  await expect.poll(() => serverLines(page)).toEqual([{ sku: otherVariant.sku, qty: 2 }]);
  await page.keyboard.press('Escape');
  await expect(microcart).toHaveCount(0);
  await expect(cartButton('2 produkty w koszyku')).toBeFocused();

  // An out-of-stock product: the engine checks stock and refuses with the spec's message.
  const [soldOut] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1, { inStock: false });
  await page.goto(`/p/${soldOut.sku}/${soldOut.slug}`);
  await expect(page.getByText('Brak w magazynie', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Produktu brak w magazynie i nie można dodać go do koszyka!' })).toBeVisible();
  await expect(cartButton('2 produkty w koszyku')).toBeVisible();
  expect(await serverLines(page)).toEqual([{ sku: otherVariant.sku, qty: 2 }]);
  expect(errors).toEqual([]);
});
