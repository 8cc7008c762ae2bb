import { expect, test } from './fixtures';
import { collectPageErrors, dataLayer } from './helpers';
import { REMOTE_FILES } from '../shop-env';

test('a shopper moves through all five remotes by clicking', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki dekoracyjne, łazienkowe i pokojowe');
  await expect(page).toHaveTitle('Grzejniki dekoracyjne, łazienkowe i pokojowe - Sklep');

  // catalogue → category
  await page.getByRole('link', { name: 'Grzejniki łazienkowe' }).first().click();
  await expect(page).toHaveURL(/\/c\/grzejniki-lazienkowe$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki łazienkowe');

  // content (footer widget → CMS page)
  await page.getByRole('link', { name: 'Zwroty i reklamacje' }).click();
  await expect(page).toHaveURL(/\/i\/zwroty$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zwroty i reklamacje');

  // account (header widget: the sign-in dialog; its page, guarded, offers the same dialog)
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Moje konto' }).first().click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('alert')).toHaveText('Musisz się zalogować, aby zobaczyć tę stronę');
  await page.getByRole('dialog', { name: 'Zaloguj się' }).press('Escape');

  // cart (header widget: microcart drawer with the overlay)
  await page.getByRole('button', { name: /^Koszyk/ }).click();
  await expect(page.getByRole('dialog', { name: 'Twój koszyk' })).toContainText('Twój koszyk jest pusty.');
  await expect(page.locator('.overlay')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.overlay')).toBeHidden();

  const pageViews = async () => (await dataLayer(page)).filter((event) => event.event === 'page_view').map((event) => event.route_name);
  // A page view is pushed just after the page mounts (it reads the page's title): poll for it.
  await expect.poll(pageViews).toEqual(['home', 'category', 'cms-page', 'my-account']);

  // checkout (a fresh page load)
  await page.goto('/checkout');
  await expect(page.getByRole('alert')).toHaveText('Koszyk jest pusty, dodaj produkty przed przejściem do kasy');

  // the sidebar menu with its submenu
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: /Akcesoria/ }).click();
  await page.getByRole('link', { name: 'Zawory' }).click();
  await expect(page).toHaveURL(/\/c\/zawory$/);

  await expect.poll(pageViews).toEqual(['checkout', 'category']);
  expect(errors).toEqual([]);
});

test.describe('every route of spec §2 reaches its remote', () => {
  const routes: [string, string][] = [
    ['/', 'Grzejniki dekoracyjne, łazienkowe i pokojowe'],
    ['/pwa.html', 'Grzejniki dekoracyjne, łazienkowe i pokojowe'],
    ['/checkout', 'Kasa'],
    ['/my-account', 'Moje konto'],
    ['/my-account/shipping-details', 'Adresy dostawy'],
    ['/my-account/newsletter', 'Newsletter'],
    ['/my-account/orders', 'Historia zamówień'],
    ['/my-account/orders/000000012', 'Zamówienie 000000012'],
    ['/my-account/recently-viewed', 'Ostatnio oglądane'],
    ['/compare', 'Porównanie produktów'],
    ['/error', 'Wystąpił błąd'],
    ['/thank-you-page?order_increment_id=000000012', 'Dziękujemy za zamówienie'],
    ['/i/regulamin', 'Regulamin sklepu'],
    ['/c/grzejniki-pokojowe', 'Grzejniki pokojowe'],
    ['/porady', 'Porady'],
    ['/porady/jak-dobrac-moc-grzejnika', 'Jak dobrać moc grzejnika do pomieszczenia'],
    ['/categories', 'Wszystkie kategorie'],
    ['/categories/akcesoria', 'Akcesoria grzewcze'],
    ['/create-password', 'Ustaw nowe hasło'],
    ['/placepozniej', 'Płacę później i raty'],
    ['/marki', 'Marki'],
  ];
  for (const [path, heading] of routes) {
    test(`${path} → "${heading}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('an unknown path lands on page-not-found carrying it in nf', async ({ page }) => {
    await page.goto('/grzejnik-ktorego-nie-ma?kolor=bialy');
    await expect(page).toHaveURL(/\/page-not-found\?nf=%2Fgrzejnik-ktorego-nie-ma%3Fkolor%3Dbialy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nie znaleziono strony');
    await expect(page.getByText('Adres /grzejnik-ktorego-nie-ma?kolor=bialy nie prowadzi')).toBeVisible();
  });
});

test('/categories shows the whole tree; /marki lists brands with counts, each leading to its products', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 2, name: 'Montaż i poradniki' }).getByRole('link')).toHaveAttribute('href', '/c/montaz-i-poradniki');
  await expect(page.getByRole('link', { name: 'Grzejniki panelowe typ 22' })).toHaveAttribute('href', '/c/grzejniki-panelowe-typ-22');

  await page.goto('/marki');
  const brand = page.locator('.brand-list > li').first();
  await expect(brand).toHaveText(/^\S.* \d+ produkt(y|ów)?$/);
  const name = (await brand.getByRole('link').textContent())!;
  const count = Number((await brand.locator('.index-count').textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await brand.getByRole('link').click();
  await expect(page).toHaveURL(/\/categories\?manufacturer=\d+$/);
  await expect(page.getByRole('group', { name: 'Producent' }).getByRole('checkbox', { name: `${name} (${count})` })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /^Produkty: \d+$/ })).toHaveText(`Produkty: ${count}`);
});

test('back navigation restores the scroll position; a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Regulamin sklepu' });
  await link.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin sklepu');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki dekoracyjne, łazienkowe i pokojowe');
  // The same place, not the same pixel: lists laid out only when near (content-visibility) may
  // settle at another height above it, and the browser keeps what is in view where it was.
  await expect(link).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('the language switch persists across a reload', async ({ page }) => {
  await page.goto('/i/kontakt');
  await page.getByLabel('Język').selectOption('en-US');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("the built scripts reach the browser brotli-compressed: the shell's and a remote's from the registry", async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), encoding: (await response.allHeaders())['content-encoding'] });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shellMain = scripts.find((script) => /\/main\.[0-9a-f]{8}\.js$/.test(script.url));
  const catalogEntry = scripts.find((script) => script.url.startsWith(`${REMOTE_FILES.catalog}/`) && script.url.endsWith('/remoteEntry.js'));
  expect(shellMain?.encoding).toBe('br');
  expect(catalogEntry?.encoding).toBe('br');
});
