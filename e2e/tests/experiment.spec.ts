import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import type { ExperimentReport } from '@kaloryfer/api-contract';
import { BASE_URL, SHOP_ENV } from '../shop-env';
import { addToCart, fillAddress, fillPerson } from './checkout-helpers';
import { chooseCookies } from './consent-cookie';
import { expect, routeReady, test } from './fixtures';
import { findWithStock } from './helpers';
import { liveBuild, operatorToken, run } from './registry-helpers';

/**
 * The checkout's A/B test, read as its owners read it (issue #34, docs/experiments.md): new
 * shoppers, each assigned a variant, open the checkout and buy — or leave — in Chromium; every
 * order records the variant and build that took it (from the page's signed pins), and the report
 * counts exactly what the database holds.
 */

interface Shopper {
  page: Page;
  id: string;
  close(): Promise<void>;
}

/** A new shopper (their own browser context) whose kf_mfe says `variant`; the page server gives the id. */
async function shopper(browser: Browser, variant: 'a' | 'b'): Promise<Shopper> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await chooseCookies(context);
  await context.addCookies([{ name: 'kf_mfe', value: `checkout%3A${variant}`, url: BASE_URL }]);
  const page = await context.newPage();
  await page.goto('/');
  await routeReady(page);
  const cookies = await context.cookies();
  const assignment = decodeURIComponent(cookies.find((cookie) => cookie.name === 'kf_mfe')!.value);
  expect(assignment).toMatch(new RegExp(`^checkout:${variant}\\|id:s[\\w-]{22}$`));
  // The proof the API reads is not the page's to read or change.
  expect(cookies.find((cookie) => cookie.name === 'kf_ab')).toMatchObject({ httpOnly: true });
  return { page, id: assignment.split('|id:')[1], close: () => context.close() };
}

async function toCheckout(page: Page, sku: string, slug: string) {
  const added = await addToCart(page, `/p/${sku}/${slug}`);
  await routeReady(page);
  await added.getByRole('button', { name: 'Przejdź do kasy' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function buyWithA(page: Page) {
  await expect(page.getByRole('heading', { name: 'Krok 1 z 4: Dane osobowe' })).toBeVisible();
  await fillPerson(page);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('radio', { name: /Płatność przy odbiorze/ }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  return new URL(page.url()).searchParams.get('order_increment_id')!;
}

async function buyWithB(page: Page) {
  await expect(page.getByText('Zamówienie na jednej stronie')).toBeVisible();
  await fillPerson(page.getByRole('region', { name: '1. Dane osobowe' }));
  await fillAddress(page.getByRole('region', { name: '2. Dostawa' }));
  await page
    .getByRole('region', { name: '3. Płatność' })
    .getByRole('radio', { name: /Płatność przy odbiorze/ })
    .check();
  await page
    .getByRole('region', { name: '4. Podsumowanie' })
    .getByRole('checkbox', { name: /regulamin sklepu/ })
    .check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  return new URL(page.url()).searchParams.get('order_increment_id')!;
}

const database = () => new Database(path.join(SHOP_ENV.VAR_DIR, 'kaloryfer.sqlite'), { readonly: true });

async function report(request: import('@playwright/test').APIRequestContext): Promise<ExperimentReport> {
  const response = await request.get('/registry/v1/experiments/checkout/report', { headers: { authorization: `Bearer ${operatorToken()}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: ExperimentReport }).result;
}

test('orders through variants a and b are in the experiment report, as the database counts them', async ({ browser, page, request }) => {
  test.slow();
  await page.goto('/');
  const [valve] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1, 10);
  const builds = { a: (await liveBuild(request, 'checkout', 'a')).build, b: (await liveBuild(request, 'checkout', 'b')).build };

  const buyers: { id: string; variant: 'a' | 'b'; order: string }[] = [];
  for (const variant of ['a', 'b', 'b'] as const) {
    const someone = await shopper(browser, variant);
    await toCheckout(someone.page, valve.sku, valve.slug);
    buyers.push({ id: someone.id, variant, order: await (variant === 'a' ? buyWithA : buyWithB)(someone.page) });
    await someone.close();
  }
  // One more shopper of a opens the checkout and leaves: exposed, not converted.
  const leaver = await shopper(browser, 'a');
  await toCheckout(leaver.page, valve.sku, valve.slug);
  await expect(leaver.page.getByRole('heading', { name: 'Krok 1 z 4: Dane osobowe' })).toBeVisible();
  await leaver.close();

  const db = database();
  try {
    // Each order records the variant and the build that took it.
    for (const buyer of buyers) {
      const recorded = db
        .prepare(
          'select e.variant, e.build, e.forced from order_experiment e join sales_order o on o.id = e.order_id where o.increment_id = ? and e.experiment = ?',
        )
        .all(buyer.order, 'checkout');
      expect(recorded).toEqual([{ variant: buyer.variant, build: builds[buyer.variant], forced: 0 }]);
    }
    // Each shopper was exposed once, in their variant; the buyers with their order.
    await expect
      .poll(() => db.prepare('select assignment_id from experiment_exposure where assignment_id = ?').get(leaver.id))
      .toEqual({ assignment_id: leaver.id });
    for (const buyer of [...buyers, { id: leaver.id, variant: 'a', order: null }]) {
      expect(
        db.prepare('select variant, orders, crossed, forced from experiment_exposure where experiment = ? and assignment_id = ?').get('checkout', buyer.id),
      ).toEqual({
        variant: buyer.variant,
        orders: buyer.order ? 1 : 0,
        crossed: 0,
        forced: 0,
      });
    }

    // The report: per variant exactly the database's shoppers, converters, orders and revenue.
    const answer = await report(request);
    const counted = db
      .prepare(
        `select variant, count(*) as shoppers, sum(case when orders > 0 then 1 else 0 end) as converted, sum(orders) as orders, sum(revenue_grosze) as revenue
         from experiment_exposure where experiment = 'checkout' and forced = 0 and crossed = 0 group by variant order by variant`,
      )
      .all() as { variant: string; shoppers: number; converted: number; orders: number; revenue: number }[];
    expect(
      answer.variants
        .filter((variant) => variant.shoppers > 0)
        .map(({ variant, shoppers, converted, orders, revenue }) => ({ variant, shoppers, converted, orders, revenue: Math.round(revenue * 100) })),
    ).toEqual(counted);
    const a = answer.variants.find((variant) => variant.variant === 'a')!;
    const b = answer.variants.find((variant) => variant.variant === 'b')!;
    expect(a.shoppers).toBeGreaterThanOrEqual(2);
    expect(b.converted).toBeGreaterThanOrEqual(2);
    expect(b.comparison).toMatchObject({ pValue: expect.any(Number) });
  } finally {
    db.close();
  }

  // The same report, as its owners print it.
  const printed = run('npx', ['tsx', 'scripts/experiment.ts', 'report', 'checkout'], {
    KALORYFER_SHOP_URL: BASE_URL,
    KALORYFER_REGISTRY_TOKEN: operatorToken(),
  });
  expect(printed).toContain('checkout: A/B test, control a');
  expect(printed).toMatch(/b against a: (conversion|not yet)/);
});

/**
 * The most common way to an order (issue #48): a new shopper accepts analytics in the banner of
 * their first page and buys by clicking through — no full page load after the first. They are
 * bucketed the moment they accept (the page server draws the id: shell/server/assignment-on-consent.ts),
 * the checkout they reach by a click is their exposure, the order joins it by the id, and the
 * report counts them in their variant exactly once, as the database does.
 */
test('a shopper who accepts analytics on their first page and buys by clicking through is in the report, once, in each variant', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  await page.goto('/');
  const [valve] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1, 10);
  const buyers: { id: string; variant: 'a' | 'b'; order: string }[] = [];
  for (const variant of ['a', 'b'] as const) {
    // No choice made yet: the banner shows; the variant is kept, nobody is counted.
    const context = await browser.newContext({ baseURL: BASE_URL });
    await context.addCookies([{ name: 'kf_mfe', value: `checkout%3A${variant}`, url: BASE_URL }]);
    const shopperPage = await context.newPage();
    const assignment = async () => decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'kf_mfe')?.value ?? '');
    await shopperPage.goto(`/p/${valve.sku}/${valve.slug}`);
    await routeReady(shopperPage);
    await shopperPage.evaluate(() => Object.assign(window, { __firstDocument: true }));
    expect(await assignment()).toBe(`checkout:${variant}`);
    await shopperPage.getByRole('region', { name: 'Pliki cookies w sklepie Kaloryfer' }).getByRole('button', { name: 'Akceptuję wszystkie' }).click();
    await expect.poll(assignment).toMatch(new RegExp(`^checkout:${variant}\\|id:s[\\w-]{22}$`));
    const id = (await assignment()).split('|id:')[1];
    // To the checkout by clicks only.
    await shopperPage.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    const added = shopperPage.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
    await added.getByRole('button', { name: 'Przejdź do kasy' }).click();
    await expect(shopperPage).toHaveURL(/\/checkout$/);
    const order = await (variant === 'a' ? buyWithA : buyWithB)(shopperPage);
    expect(await shopperPage.evaluate(() => (window as unknown as { __firstDocument?: boolean }).__firstDocument)).toBe(true);
    // A reload keeps the shopper as they are: the same variant, the same id.
    await shopperPage.reload();
    await routeReady(shopperPage);
    expect(await assignment()).toBe(`checkout:${variant}|id:${id}`);
    buyers.push({ id, variant, order });
    await context.close();
  }

  const db = database();
  try {
    for (const buyer of buyers) {
      await expect
        .poll(() =>
          db.prepare('select variant, orders, crossed, forced from experiment_exposure where experiment = ? and assignment_id = ?').get('checkout', buyer.id),
        )
        .toEqual({ variant: buyer.variant, orders: 1, crossed: 0, forced: 0 });
      const recorded = db
        .prepare('select e.variant from order_experiment e join sales_order o on o.id = e.order_id where o.increment_id = ? and e.experiment = ?')
        .all(buyer.order, 'checkout');
      expect(recorded).toEqual([{ variant: buyer.variant }]);
    }
    const answer = await report(request);
    const counted = db
      .prepare(
        `select variant, count(*) as shoppers, sum(case when orders > 0 then 1 else 0 end) as converted, sum(orders) as orders, sum(revenue_grosze) as revenue
         from experiment_exposure where experiment = 'checkout' and forced = 0 and crossed = 0 group by variant order by variant`,
      )
      .all();
    expect(
      answer.variants
        .filter((variant) => variant.shoppers > 0)
        .map(({ variant, shoppers, converted, orders, revenue }) => ({ variant, shoppers, converted, orders, revenue: Math.round(revenue * 100) })),
    ).toEqual(counted);
  } finally {
    db.close();
  }
});
