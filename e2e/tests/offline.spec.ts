import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, routeReady, test } from './fixtures';
import { findProducts, signedInCustomer } from './helpers';
import { uniqueEmail } from './mail';
import { REPO_ROOT, SHOP_ENV } from '../shop-env';

/**
 * Offline (docs/offline.md), in Chromium with the shop's real service worker and Playwright's
 * offline emulation: pages seen before render offline, an unseen one sends the shopper home
 * saying why, a cart change and an order made offline reach the server exactly once when the
 * connection returns, and a release or rollback is never hidden by an installed worker.
 */
test.use({ serviceWorkers: 'allow' });

/** The worker controls this page (it claims the page it was registered from once active). */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Orders the server holds for this e-mail (the order table itself: "exactly one" is counted, not inferred). */
function ordersOf(email: string): { increment_id: string; client_order_id: string }[] {
  const db = new Database(path.join(SHOP_ENV.VAR_DIR, 'kaloryfer.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT increment_id, client_order_id FROM sales_order WHERE email = ?').all(email) as {
      increment_id: string;
      client_order_id: string;
    }[];
  } finally {
    db.close();
  }
}

/** The first name the server holds for this customer (the customer table itself). */
function customerFirstName(email: string): string | undefined {
  const db = new Database(path.join(SHOP_ENV.VAR_DIR, 'kaloryfer.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT firstname FROM customer WHERE email = ?').get(email) as { firstname: string } | undefined)?.firstname;
  } finally {
    db.close();
  }
}

/** The server cart's lines for the cart this browser holds (its id is in the cart's local copy). */
async function serverCartLines(page: Page): Promise<{ sku: string; qty: number }[]> {
  const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('kaloryfer.cart') ?? '{}') as { cartId?: string; token?: string });
  const id = cartId.cartId ?? cartId.token;
  expect(id, 'the cart has a server id').toBeTruthy();
  const answer = await page.request.get(`/api/cart/pull?cartId=${encodeURIComponent(id!)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { result: { sku: string; qty: number }[] }).result.map(({ sku, qty }) => ({ sku, qty }));
}

const simpleProducts = (page: Page) => findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 30);

test("pages seen online render offline from the worker's caches; an unseen product sends the shopper home saying why", async ({ page, context }) => {
  test.slow();
  await page.goto('/');
  await workerInControl(page);
  const products = await simpleProducts(page);
  const [seen, unseen] = [products[0], products.find((product) => product.sku !== products[0].sku)!];
  const category = '/c/grzejniki-lazienkowe';
  // Opened online, under the worker: each page and what it loads is kept.
  for (const address of ['/', category, `/p/${seen.sku}/${seen.slug}`]) await page.goto(address);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Jesteś offline' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen.name);
  await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toBeVisible();
  await page.goto(category);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/łazienkowe/i);
  await expect(page.locator('.product-grid > li').first()).toBeVisible();
  await page.goto('/');
  await expect(page.locator('#main-content')).not.toBeEmpty();

  // A product never opened: its data is nowhere on this device.
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: 'unseen' });
    document.querySelector('#main-content')!.append(link);
    link.click();
  }, `/p/${unseen.sku}/${unseen.slug}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Produkt, kategoria lub strona nie są dostępne w trybie offline, przekierowujemy na stronę główną' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The request that got no answer told the shell: offline, although Chromium's emulation leaves navigator.onLine true after a reload.
  await expect(page.getByRole('status').filter({ hasText: 'Jesteś offline' })).toBeVisible();
  await context.setOffline(false);
});

test("the worker's catalogue copies: one stored under 5 minutes ago answers at once, an older one never while online — only offline", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await workerInControl(page);
  const [product, unfetched] = await simpleProducts(page);
  const viewOf = (sku: string) => `/api/product-view/${encodeURIComponent(sku)}`;
  /** A copy in the worker's catalogue cache (kf-catalog-v1, service-worker.ts), stored `age` ms ago by its Date header. */
  const store = (url: string, name: string, age: number) =>
    page.evaluate(
      async ({ url, name, date }) => {
        const cache = await caches.open('kf-catalog-v1');
        const body = JSON.stringify({ code: 200, result: { product: { name } } });
        await cache.put(new URL(url, location.href).href, new Response(body, { headers: { 'content-type': 'application/json', date } }));
      },
      { url, name, date: new Date(Date.now() - age).toUTCString() },
    );
  const shownName = (url: string) =>
    page.evaluate(async (url) => ((await (await fetch(url)).json()) as { result: { product: { name: string } } }).result.product.name, url);
  const storedName = (url: string) =>
    page.evaluate(async (url) => {
      const copy = await (await caches.open('kf-catalog-v1')).match(new URL(url, location.href).href);
      return copy ? ((await copy.json()) as { result: { product: { name: string } } }).result.product.name : null;
    }, url);

  const url = viewOf(product.sku);
  await store(url, 'Kopia sprzed 6 minut', 6 * 60_000);
  expect(await shownName(url), 'online, a copy older than 5 minutes is not shown: the server answers').toBe(product.name);
  await store(url, 'Kopia sprzed minuty', 60_000);
  expect(await shownName(url), 'a copy under 5 minutes old answers at once').toBe('Kopia sprzed minuty');
  await expect.poll(() => storedName(url), { message: 'and is refreshed from the server behind it' }).toBe(product.name);
  // A product this browser never fetched (so its HTTP cache has no answer to give offline).
  await store(viewOf(unfetched.sku), 'Kopia sprzed 6 minut', 6 * 60_000);
  await context.setOffline(true);
  expect(await shownName(viewOf(unfetched.sku)), 'offline, the older copy is better than nothing').toBe('Kopia sprzed 6 minut');
  await context.setOffline(false);
});

test('a product added to the cart offline reaches the server cart once when the connection returns', async ({ page, context }) => {
  await page.goto('/');
  await workerInControl(page);
  const [first, second] = await simpleProducts(page);
  await page.goto(`/p/${first.sku}/${first.slug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
  await expect.poll(() => serverCartLines(page)).toEqual([{ sku: first.sku, qty: 1 }]);

  await page.goto(`/p/${second.sku}/${second.slug}`);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('button', { name: /Koszyk: 2 produkty w koszyku/ })).toBeVisible();
  await context.setOffline(false);
  await expect
    .poll(() => serverCartLines(page), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        { sku: first.sku, qty: 1 },
        { sku: second.sku, qty: 1 },
      ]),
    );
  expect(await serverCartLines(page)).toHaveLength(2);
});

/** A guest's cart with a valve, the one-page checkout filled in online up to the button that places the order. */
async function checkoutReadyToPlace(page: Page, email: string): Promise<void> {
  await page.goto('/?mfe=checkout:b');
  await workerInControl(page);
  const valve = (await simpleProducts(page)).find((product) => product.name.startsWith('Zawór'))!;
  await page.goto(`/p/${valve.sku}/${valve.slug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
  await added.getByRole('button', { name: 'Przejdź do kasy' }).click();
  await expect(page.getByText('Zamówienie na jednej stronie')).toBeVisible();
  await routeReady(page);
  const personal = page.getByRole('region', { name: '1. Dane osobowe' });
  await personal.getByLabel('Imię', { exact: true }).fill('Anna');
  await personal.getByLabel('Nazwisko', { exact: true }).fill('Kowalska');
  await personal.getByLabel('E-mail', { exact: true }).fill(email);
  await personal.getByLabel('Telefon', { exact: true }).fill('601 234 567');
  const shipping = page.getByRole('region', { name: '2. Dostawa' });
  await shipping.getByLabel('Ulica').fill('ul. Kwiatowa');
  await shipping.getByLabel('Numer domu').fill('12');
  await shipping.getByLabel('Kod pocztowy').fill('30-001');
  await shipping.getByLabel('Miejscowość').fill('Kraków');
  await page
    .getByRole('region', { name: '3. Płatność' })
    .getByRole('radio', { name: /Przelew tradycyjny/ })
    .check();
  const review = page.getByRole('region', { name: '4. Podsumowanie' });
  await review.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  await expect(review.getByText('Do zapłaty')).toBeVisible();
}

test('an order placed offline (bank transfer) waits on the thank-you page and is placed exactly once when the connection returns', async ({
  page,
  context,
}) => {
  test.slow();
  const email = uniqueEmail('offline-order');
  await checkoutReadyToPlace(page, email);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?offline_order=[0-9a-f]{32}$/);
  const clientOrderId = new URL(page.url()).searchParams.get('offline_order')!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zamówienie czeka na wysłanie');
  await expect(page.getByText(/Zamówienie zapisaliśmy na tym urządzeniu/)).toBeVisible();
  await expect(page.getByText(/1 × Zawór/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(ordersOf(email)).toEqual([]); // nothing reached the server while offline

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/, { timeout: 20_000 });
  const number = new URL(page.url()).searchParams.get('order_increment_id')!;
  await expect(page.getByText(`Numer zamówienia: ${number}`)).toBeVisible();
  await expect(page.getByText(/Prosimy o przelew/)).toBeVisible();
  // A reload, another online event: still one order.
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1000);
  expect(ordersOf(email)).toEqual([{ increment_id: number, client_order_id: clientOrderId }]);
  // Nothing of the shopper's own (cart, order, user, payment, stock, wishlist, newsletter) was kept by the worker.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(kept.some((url) => new URL(url).pathname.startsWith('/p/'))).toBe(true); // the product page seen is kept
  expect(kept.filter((url) => /\/api\/(cart|order|user|payment|stock|wishlist|ext\/newsletter)|token=/.test(url))).toEqual([]);
});

test('away from the thank-you page, the returning connection asks first: "Order waiting!"; confirming (even twice) places the order once', async ({
  page,
  context,
}) => {
  test.slow();
  const email = uniqueEmail('offline-prompt');
  await checkoutReadyToPlace(page, email);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?offline_order=/);
  const clientOrderId = new URL(page.url()).searchParams.get('offline_order')!;
  await page.getByRole('link', { name: 'Wróć do zakupów' }).click();
  await expect(page).toHaveURL(/\/$/);

  await context.setOffline(false);
  const prompt = page.getByRole('status').filter({ hasText: 'Zamówienie czeka!' });
  await expect(prompt).toBeVisible();
  await page.waitForTimeout(1000);
  expect(ordersOf(email)).toEqual([]); // not sent before the shopper says so
  const confirm = prompt.getByRole('button', { name: 'Kliknij tutaj, aby potwierdzić zamówienie złożone offline.' });
  await confirm.click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/, { timeout: 20_000 });
  const number = new URL(page.url()).searchParams.get('order_increment_id')!;
  // The prompt's address opened again (a second click, a bookmark): the same order, nothing new.
  await page.goto(`/thank-you-page?offline_order=${clientOrderId}`);
  await page.waitForTimeout(1500);
  expect(ordersOf(email)).toEqual([{ increment_id: number, client_order_id: clientOrderId }]);
});

test("a customer's profile change made offline is kept on the device and reaches their account once the connection returns", async ({ page, context }) => {
  const email = uniqueEmail('offline-profile');
  await page.goto('/');
  await workerInControl(page);
  await signedInCustomer(page, { email, firstname: 'Halina', lastname: 'Zielińska' });
  const header = page.locator('.site-header');
  await page.goto('/my-account');
  const personal = page.getByRole('region', { name: 'Dane osobowe' });
  await personal.getByRole('button', { name: 'Edytuj' }).click();

  await context.setOffline(true);
  await personal.getByLabel('Imię').fill('Helena');
  await personal.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(personal.getByText('Zapisano na tym urządzeniu. Wyślemy zmiany, gdy wrócisz online.')).toBeVisible();
  const firstname = () => customerFirstName(email);
  expect(await firstname()).toBe('Halina'); // nothing reached the server while offline

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Dane konta zostały zaktualizowane' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(firstname).toBe('Helena');
  await expect(header.getByRole('button', { name: 'Konto: Helena' })).toBeVisible();
});

/** The cities of the addresses the server holds for this customer (the address table itself). */
function customerCities(email: string): string[] {
  const db = new Database(path.join(SHOP_ENV.VAR_DIR, 'kaloryfer.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT a.city FROM customer_address a JOIN customer c ON c.id = a.customer_id WHERE c.email = ? ORDER BY a.id').all(email) as {
        city: string;
      }[]
    ).map((row) => row.city);
  } finally {
    db.close();
  }
}

test('an address added to the book offline waits on the device and reaches the account once the connection returns (spec §7: queued)', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('offline-address');
  await page.goto('/');
  await workerInControl(page);
  await signedInCustomer(page, { email, firstname: 'Irena', lastname: 'Wójcik' });
  await page.goto('/my-account/shipping-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Adresy dostawy' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Dodaj adres' }).click();
  const form = page.locator('form').filter({ has: page.getByLabel('Kod pocztowy') });
  await form.getByLabel('Ulica').fill('ul. Kominkowa');
  await form.getByLabel('Numer domu / lokalu').fill('3');
  await form.getByLabel('Kod pocztowy').fill('60-101');
  await form.getByLabel('Miejscowość').fill('Poznań');
  await form.getByRole('button', { name: 'Zapisz adres' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano na tym urządzeniu. Wyślemy zmiany, gdy wrócisz online.' })).toBeVisible();
  expect(customerCities(email)).toEqual([]); // nothing reached the server while offline

  await context.setOffline(false);
  await expect.poll(() => customerCities(email), { timeout: 20_000 }).toEqual(['Poznań']);
  await expect(page.locator('address').filter({ hasText: '60-101 Poznań' })).toBeVisible();
});

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT) {
  execFileSync(command, args, { cwd, env: { ...process.env, ...SHOP_ENV, ...env }, stdio: 'pipe' });
}

test("with the worker installed, a repeat visit paints the worker's copy; a catalogue release still reaches the next page load, and a rollback too", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const running = () =>
    page.evaluate(
      () => (window as unknown as { __KALORYFER_SHELL__: { variantOf(remote: string): { version: string } } }).__KALORYFER_SHELL__.variantOf('catalog').version,
    );
  /** The catalogue build the shown page pins (its kf-state), and whether it is the worker's copy. */
  const shown = () =>
    page.evaluate(() => ({
      pinned: (JSON.parse(document.getElementById('kf-state')!.textContent!) as { registry: { remotes: { catalog: { version: string } } } }).registry.remotes
        .catalog.version,
      storedCopy: document.documentElement.hasAttribute('data-kf-stored'),
    }));
  await page.goto('/');
  await workerInControl(page);
  const [product] = await simpleProducts(page);
  const address = `/p/${product.sku}/${product.slug}`;
  await page.goto(address); // under the worker: the page and the catalogue's 1.0.0 files are kept
  await page.reload(); // a repeat visit within five minutes: the worker's copy, no request before the paint
  expect(await shown()).toEqual({ pinned: '1.0.0', storedCopy: true });
  expect(await running()).toBe('1.0.0');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-catalog-sw-'));
  try {
    run('npx', ['rspack', 'build'], { REMOTE_VERSION: '1.0.2-sw', REMOTE_OUT_DIR: outDir }, path.join(REPO_ROOT, 'mfe-catalog'));
    run('npx', ['tsx', 'scripts/release.ts', 'catalog', '--dist', outDir]);
    // The next load: the stored copy pins 1.0.0, the registry names 1.0.2-sw — the copy is
    // dropped before any remote code runs and the server's page loads instead.
    await page.reload();
    await expect.poll(running, { timeout: 20_000 }).toBe('1.0.2-sw');
    expect(await shown()).toEqual({ pinned: '1.0.2-sw', storedCopy: false });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  } finally {
    run('npx', ['tsx', 'scripts/release.ts', 'catalog', '--rollback']);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  await page.reload();
  await expect.poll(running, { timeout: 20_000 }).toBe('1.0.0');
  expect(await shown()).toEqual({ pinned: '1.0.0', storedCopy: false });
  await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toBeVisible();
});
