import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors, findProducts, type Found } from './helpers';

/** Prices as the tiles print them ("1 299,00 zł", or "od 1 299,00 zł") → numbers. */
async function tilePrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.product-grid .product-tile-price strong').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('home → category → filters in the URL → sort → a configurable radiator → compare', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  for (const rail of ['Nowości', 'Bestsellery', 'Kolekcje ekskluzywne']) {
    await expect(page.getByRole('region', { name: rail }).locator('.product-grid:not([aria-hidden]) > li')).toHaveCount(8);
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Grzejniki łazienkowe' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki łazienkowe');
  await expect(page.locator('.product-grid:not([aria-hidden]) > li')).toHaveCount(20);
  // The count says "loading" until a listing arrives, then its number.
  const listingCount = async () => Number((await page.locator('.listing-count').textContent())!.replace(/\D/g, ''));
  const count = await listingCount();
  expect(count).toBeGreaterThan(20);

  // Filters go to the route query (spec §2) and narrow the listing.
  await page
    .getByRole('group', { name: 'Szerokość' })
    .getByLabel(/^400–600 mm/)
    .check();
  await expect(page).toHaveURL(/[?&]width=400-600(&|$)/);
  await page
    .getByRole('group', { name: 'Czas dostawy' })
    .getByLabel(/^Wysyłka w 24 h/)
    .check();
  await expect(page).toHaveURL(/[?&]delivery=24h(&|$)/);
  await expect.poll(listingCount).toBeGreaterThan(0);
  expect(await listingCount()).toBeLessThan(count);

  await page.getByLabel('Sortuj:').selectOption('price:asc');
  await expect(page).toHaveURL(/[?&]sort=price:asc(&|$)/);
  await expect
    .poll(async () => {
      const prices = await tilePrices(page);
      return prices.length > 1 && prices.every((price, index) => index === 0 || prices[index - 1] <= price);
    })
    .toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Back to an unfiltered listing and "load more": the next 20 from start + perPage.
  await page.goto('/c/grzejniki-lazienkowe');
  await page.getByRole('button', { name: 'Pokaż więcej' }).click();
  await expect(page.locator('.product-grid:not([aria-hidden]) > li')).toHaveCount(Math.min(40, count));

  // A configurable radiator: the chosen variant goes into the URL.
  const listed = await findProducts(page, [{ attribute: 'category_ids', value: { in: [6] } }], 40);
  const radiator = listed.find((product) => product.type_id === 'configurable')!;
  await page.getByRole('link', { name: radiator.name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/p\/KF-[A-Z]+-\d{4}\/[^/]+\/KF-[A-Z]+-\d{4}-\d+x\d+-[A-Z]+$/);
  const firstUrl = page.url();
  const colours = page.getByRole('group', { name: 'Kolor' }).getByRole('radio');
  const colourCount = await colours.count();
  let changed = false;
  for (let i = 0; i < colourCount && !changed; i += 1) {
    if (await colours.nth(i).isChecked()) continue;
    await colours.nth(i).check();
    changed = await expect
      .poll(() => page.url())
      .not.toBe(firstUrl)
      .then(
        () => true,
        () => false,
      );
  }
  expect(changed).toBe(true);
  await expect(
    page.locator('.price-block').getByText('Najniższa cena z 30 dni przed obniżką').or(page.locator('.price-block').getByText('Cena brutto z 23% VAT')).first(),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dane techniczne' })).toContainText('Moc 75/65/20');
  await expectNoSeriousA11yViolations(page);

  // Quantity validation speaks the spec's messages.
  await page.getByLabel('Ilość').fill('0');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ilość musi być większa od 0');

  await page.getByRole('button', { name: 'Dodaj do porównania' }).click();
  await expect(page.getByRole('button', { name: 'W porównaniu' })).toBeVisible();

  // A second product, then the compare page side by side.
  const [valve] = await findProducts(
    page,
    [
      { attribute: 'category_ids', value: { in: [18] } },
      { attribute: 'type_id', value: { eq: 'simple' } },
    ],
    1,
  );
  await page.goto(`/p/${valve.sku}/${valve.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(valve.name);
  await page.getByRole('button', { name: 'Dodaj do porównania' }).click();
  await page.goto('/compare');
  await expect(page.getByRole('columnheader')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: `Usuń ${valve.name} z porównania` }).click();
  await expect(page.getByRole('columnheader')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('product pages of both URL forms (spec §2) show the product; a configurable one keeps the named variant', async ({ page }) => {
  const [simple] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1);
  await page.goto(`/p/${simple.sku}/${simple.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(simple.name);
  const [configurable] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'configurable' } }], 1);
  const child = configurable.configurable_children!.filter((candidate) => candidate.stock.is_in_stock)[1] ?? configurable.configurable_children![0];
  await page.goto(`/p/${configurable.sku}/${configurable.slug}/${child.sku}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(configurable.name);
  await expect(page.getByText(`Kod: ${child.sku}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${child.sku}$`));
});

test("the URL dispatcher: a product's and a category's url_path show them in place; the HTML names them before JavaScript", async ({ page }) => {
  const [simple] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1);
  await page.goto(`/${simple.url_path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(simple.name);
  await expect(page).toHaveURL(new RegExp(`/${simple.url_path}$`));
  await expect(page.locator('link[rel="canonical"][data-seo="server"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Strona główna' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-seo="server"]')).toHaveCount(0); // it described the first page only
  await page.goto('/grzejniki-lazienkowe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki łazienkowe');
  await expect(page).toHaveURL(/\/grzejniki-lazienkowe$/);

  const html = await (await page.request.get(`/${simple.url_path}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(`/p/${simple.sku}/${simple.slug}" data-seo="server"`);
  expect(html).toContain('"@type":"Product"');
  expect(html).toContain('"priceCurrency":"PLN"');
  const missing = await page.request.get('/grzejnik-ktorego-nie-ma', { headers: { accept: 'text/html' } });
  expect(missing.status()).toBe(404);
});

test('search as you type: categories and products in the panel, keyboard to a product, Enter to the full listing', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
  const field = page.getByLabel('Szukaj w sklepie');
  await field.fill('łazienkow');
  const panel = page.getByRole('dialog', { name: 'Wyszukiwarka' });
  await expect(panel.getByRole('region', { name: 'Kategorie' }).getByRole('link', { name: /Grzejniki łazienkowe/ })).toBeVisible();
  const products = panel.getByRole('region', { name: 'Produkty' }).getByRole('link');
  await expect(products.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await field.press('Enter');
  await expect(page).toHaveURL(/\/categories\?query=%C5%82azienkow$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wyniki wyszukiwania: „łazienkow”');
  await expect(page.getByRole('status').filter({ hasText: /^Produkty: \d+$/ })).toBeVisible();
  await expect(page.locator('.product-grid .product-tile').first()).toBeVisible();

  await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
  await field.fill('drabink');
  await expect(panel.getByRole('region', { name: 'Produkty' }).getByRole('link').first()).toBeVisible();
  await field.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const focused = page.locator(':focus');
  const name = (await focused.locator('.search-product-name').textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(panel).toBeHidden();

  await page.goto('/categories?query=xyzzyqwerty');
  await expect(page.getByText('Nie znaleźliśmy produktów dla „xyzzyqwerty”. Sprawdź pisownię albo wpisz krótszą frazę.')).toBeVisible();
  expect(errors).toEqual([]);
});

test("heat output at my temperatures: a heat-pump preset, the room helper's filter, strongest first, the product's own row", async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/c/grzejniki-pokojowe');
  await page.getByRole('radio', { name: /45\/35 °C – pompa ciepła/ }).check();
  const firstTile = page.locator('.product-tile').first();
  await expect(firstTile.locator('.tile-output-at')).toContainText('Moc przy 45/35/20 °C');

  await page.getByRole('textbox', { name: 'Powierzchnia pomieszczenia (m²)' }).fill('12');
  await page.getByRole('button', { name: 'Pokaż grzejniki od 960 W' }).click();
  await expect(page).toHaveURL(/[?&]output=960(&|$)/);
  await expect(page.getByText('co najmniej 960 W przy 45/35/20 °C')).toBeVisible();
  await page.getByLabel('Sortuj').selectOption('heat_output:desc');
  await expect(page).toHaveURL(/sort=heat_output:desc/);
  const outputs = async () => (await page.locator('.product-grid .tile-output-at').allTextContents()).map((text) => Number(/(\d+) W$/.exec(text)![1]));
  // The URL moves before the re-sorted grid arrives (CI once read the filtered grid still in its
  // old order): wait for the strongest-first order — it never comes if the sort is broken.
  await expect
    .poll(async () => {
      const watts = await outputs();
      return watts.length > 0 && watts.every((value, index) => index === 0 || watts[index - 1] >= value);
    })
    .toBe(true);
  for (const watts of await outputs()) expect(watts).toBeGreaterThanOrEqual(960);

  await page.locator('.product-grid .product-tile-link').first().click();
  await expect(page.getByRole('rowheader', { name: 'Moc przy 45/35/20 °C' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /45\/35 °C – pompa ciepła/ })).toBeChecked(); // kept across visits
  expect(errors).toEqual([]);
});

test('every product type: bundle pickers with qty and a configured price, a grouped table with its quantity check, downloads', async ({ page }) => {
  const errors = collectPageErrors(page);
  const [bundle] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'bundle' } }], 1);
  await page.goto(`/p/${bundle.sku}/${bundle.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bundle.name);
  const radiator = page.getByRole('group', { name: /^Grzejnik/ });
  await expect(radiator.getByRole('radio').first()).toBeChecked();
  await expect(radiator.getByText('Ilość w zestawie: 1 szt.')).toBeVisible(); // a radiator comes one per set
  await radiator.getByRole('radio').nth(1).check();
  await expect(page.locator('.configured-price')).toHaveText(/^Cena z wybranymi opcjami: .+,\d\d\szł$/);
  const before = await page.locator('.configured-price').textContent();
  await page.getByRole('spinbutton', { name: 'Ilość: Zawory' }).fill('2');
  await expect(page.locator('.configured-price')).not.toHaveText(before!);
  await expectNoSeriousA11yViolations(page);

  const [grouped] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'grouped' } }], 1);
  await page.goto(`/p/${grouped.sku}/${grouped.slug}`);
  const table = page.getByRole('table', { name: 'Produkty w komplecie' });
  await expect(table.getByRole('row')).toHaveCount(4); // header + 3 members
  await table.getByRole('textbox').first().fill('0,5');
  await page.getByRole('button', { name: 'Dodaj wybrane do koszyka' }).click();
  await expect(page.getByRole('alert')).toContainText('Ilość musi być dodatnią liczbą całkowitą');

  const [guide] = await findProducts(
    page,
    [
      { attribute: 'type_id', value: { eq: 'downloadable' } },
      { attribute: 'price', value: { lte: 0 } },
    ],
    1,
  );
  await page.goto(`/p/${guide.sku}/${guide.slug}`);
  await expect(page.getByRole('region', { name: 'Do pobrania' }).getByRole('link')).toHaveAttribute('href', /\.(pdf|zip)$/);
  expect(errors).toEqual([]);
});

test('reviews with their average, more on demand and a new one for moderation; the wishlist keeps a product across reloads', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  let reviewed: Found | undefined;
  let count = 0;
  for (const product of await findProducts(page, [{ attribute: 'category_ids', value: { in: [6] } }], 40)) {
    const summary = (await (await page.request.get(`/api/review/list/${product.id}`)).json()).result.summary;
    if (summary.count > count) [reviewed, count] = [product, summary.count];
    if (count > 5) break;
  }
  expect(reviewed).toBeDefined();
  await page.goto(`/p/${reviewed!.sku}/${reviewed!.slug}`);
  const section = page.getByRole('region', { name: 'Opinie klientów' });
  await expect(section).toContainText(`na podstawie ${count} opinii`);
  await expect(page.getByRole('img', { name: /^Średnia ocena: \d,\d na 5$/ }).first()).toBeVisible();
  await expect(section.getByRole('article')).toHaveCount(Math.min(5, count));
  if (count > 5) {
    await section.getByRole('button', { name: /^Pokaż więcej opinii/ }).click();
    await expect(section.getByRole('article')).toHaveCount(Math.min(15, count));
  }
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Napisz opinię' });
  await form.getByRole('radio', { name: '4 gwiazdki' }).click();
  await form.getByLabel('Podpis (widoczny przy opinii)').fill('Tester e2e');
  await form.getByLabel('Tytuł opinii').fill('Równo grzeje');
  await form.getByLabel('Treść opinii').fill('Zamontowany w łazience, działa z pompą ciepła.');
  await form.getByRole('button', { name: 'Wyślij opinię' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dziękujemy za opinię!' })).toBeFocused();

  // The wishlist: added from the product page, counted in the header, kept across a reload.
  await page.getByRole('button', { name: 'Dodaj do listy życzeń' }).click();
  await expect(page.getByText(`Produkt ${reviewed!.name} został dodany do listy życzeń!`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Na liście życzeń', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(section.getByRole('article').first()).toBeVisible();
  await expect(section).not.toContainText('Równo grzeje'); // waits for moderation
  await page.getByRole('button', { name: 'Lista życzeń: 1 produkt na liście życzeń' }).click();
  const panel = page.getByRole('dialog', { name: 'Lista życzeń' });
  await expect(panel.getByRole('link', { name: reviewed!.name })).toBeVisible();
  await panel.getByRole('button', { name: `Usuń ${reviewed!.name} z listy życzeń` }).click();
  await expect(panel).toContainText('Twoja lista życzeń jest pusta.');
  expect(errors).toEqual([]);
});

test('an unknown category or product lands on page-not-found with nf', async ({ page }) => {
  await page.goto('/c/nie-ma-takiej-kategorii');
  await expect(page).toHaveURL(/\/page-not-found\?nf=%2Fc%2Fnie-ma-takiej-kategorii$/);
  await page.goto('/p/KF-NIE-9999/nic');
  await expect(page).toHaveURL(/\/page-not-found\?nf=%2Fp%2FKF-NIE-9999%2Fnic$/);
});
