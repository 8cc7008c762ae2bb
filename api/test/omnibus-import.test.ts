import type { PricePoint, Product } from '@kaloryfer/api-contract';
import { importCatalog } from '../src/catalog/import/apply-import';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * The Omnibus prior price to the minute, through the import and the product page (issue #49,
 * docs/catalogue.md "The Omnibus prior price"): every price the shop charged counts, however
 * briefly; a reduction starts when it applied. Each case is a product at its regular price R
 * (held for months in the seeded history), a sequence of supplier files at given moments, and
 * what the product page says afterwards. The shop's clock is the test's: each case runs on days
 * of its own, later than the one before (the clock only moves forward).
 */
let server: TestServer;
let now = new Date(`${TEST_SEED.today}T08:00:00Z`);

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED, clock: () => now });
});
afterAll(() => server.close());

const used = new Set<string>();
/** A listed simple product at its regular price, with history: each case takes its own. */
function plainProduct(): Product {
  const found = server.app.catalog.products.find(
    (product) =>
      product.type_id === 'simple' &&
      !used.has(product.sku) &&
      product.status === 1 &&
      product.visibility === 4 &&
      product.special_price === null &&
      product.tax_class_id === 2 &&
      product.price_incl_tax! >= 500 &&
      server.app.catalog.priceHistory(product.sku).length > 0,
  )!;
  used.add(found.sku);
  return found;
}

async function productView(sku: string): Promise<{ product: Product; priceHistory: PricePoint[] }> {
  const response = await fetch(`${server.baseUrl}/api/product-view/${sku}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { product: Product; priceHistory: PricePoint[] } }).result;
}

/** A file of one row at a moment: the shop's clock moves there, the import runs, this instance shows it. */
async function importAt(moment: string, row: Record<string, string | number>): Promise<void> {
  now = new Date(moment);
  const outcome = await importCatalog(server.db, JSON.stringify([row]), { now, format: 'json' });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  await server.app.catalogSync.syncOnce();
}

async function viewAt(moment: string, sku: string) {
  now = new Date(moment);
  return productView(sku);
}

/** Days of the case's own: 20 days apart, after the seeded day, so no case's window sees another's. */
let caseNumber = 0;
function caseDays(): (offset: number, time?: string) => string {
  caseNumber += 1;
  const base = Date.parse(`${TEST_SEED.today}T00:00:00Z`) + caseNumber * 20 * 86_400_000;
  return (offset, time = '00:00') => `${new Date(base + offset * 86_400_000).toISOString().slice(0, 10)}T${time}:00.000Z`;
}
const dayOf = (moment: string) => moment.slice(0, 10);

test('a cut 1 299 → 1 199 at 09:00, a promotion at 999 at 09:30 the same day: the prior price is 1 199, the price charged for half an hour', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  await importAt(day(0, '09:00'), { sku, price: regular! - 100 });
  await importAt(day(0, '09:30'), { sku, special_price: regular! - 300 });
  const view = await viewAt(day(0, '12:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! - 300, original_price_incl_tax: regular! - 100, lowest_price_30d: regular! - 100 });
  // The reduction started when it applied, to the millisecond; both prices of the day are history.
  expect(view.product.special_from_date).toBe(day(0, '09:30'));
  expect(view.priceHistory.slice(-2)).toEqual([
    { from: day(0, '09:00'), price: regular! - 100 },
    { from: day(0, '09:30'), price: regular! - 300 },
  ]);
  // The listing's tile says the same as the page.
  expect(server.app.catalog.bySkuLookup(sku)?.product.lowest_price_30d).toBe(regular! - 100);
});

test('a price raised at 10:00 and a promotion at 10:40: the price before the rise was charged within the 30 days', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  await importAt(day(0, '10:00'), { sku, price: regular! + 200 });
  await importAt(day(0, '10:40'), { sku, special_price: regular! + 100 });
  const view = await viewAt(day(0, '11:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! + 100, original_price_incl_tax: regular! + 200, lowest_price_30d: regular });
});

test('a promotion set up for a later day: not shown, nor in the history, before it starts; then its prior price counts a cut made meanwhile', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  await importAt(day(0, '09:00'), { sku, special_price: regular! - 200, special_from_date: dayOf(day(4)), special_to_date: dayOf(day(9)) });
  let view = await viewAt(day(2, '11:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular, lowest_price_30d: null });
  expect(view.priceHistory.at(-1)!.price).toBe(regular);
  await importAt(day(2, '11:00'), { sku, price: regular! - 50 });
  view = await viewAt(day(5, '12:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! - 200, original_price_incl_tax: regular! - 50, lowest_price_30d: regular! - 50 });
  expect(view.product.special_from_date).toBe(dayOf(day(4)));
  // After its last day the regular price is back, and that is history too.
  view = await viewAt(day(11, '12:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! - 50, lowest_price_30d: null });
  expect(view.priceHistory.slice(-3)).toEqual([
    { from: day(2, '11:00'), price: regular! - 50 },
    { from: dayOf(day(4)), price: regular! - 200 },
    { from: dayOf(day(10)), price: regular! - 50 },
  ]);
});

test('a promotion that ended and restarts a few days later: its own earlier price is the prior price', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  await importAt(day(0, '09:00'), { sku, special_price: regular! - 150, special_to_date: dayOf(day(2)) });
  expect((await viewAt(day(1, '12:00'), sku)).product).toMatchObject({ final_price_incl_tax: regular! - 150, lowest_price_30d: regular });
  expect((await viewAt(day(5, '12:00'), sku)).product).toMatchObject({ final_price_incl_tax: regular, lowest_price_30d: null });
  await importAt(day(7, '09:00'), { sku, special_price: regular! - 150, special_to_date: '' });
  const view = await viewAt(day(7, '12:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! - 150, lowest_price_30d: regular! - 150 });
});

test('progressive reductions 100 → 200 → 300 off: the campaign keeps its first step’s prior price', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  await importAt(day(0, '09:00'), { sku, special_price: regular! - 100 });
  await importAt(day(2, '09:00'), { sku, special_price: regular! - 200 });
  await importAt(day(4, '09:00'), { sku, special_price: regular! - 300 });
  const view = await viewAt(day(4, '12:00'), sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: regular! - 300, lowest_price_30d: regular });
  expect(view.product.special_from_date).toBe(day(0, '09:00'));
});

test('the same file twice changes nothing the second time, and adds no history', async () => {
  const day = caseDays();
  const { sku, price_incl_tax: regular } = plainProduct();
  const row = { sku, price: regular! - 20, special_price: regular! - 120 };
  await importAt(day(0, '09:00'), row);
  now = new Date(day(0, '09:05'));
  const again = await importCatalog(server.db, JSON.stringify([row]), { now, format: 'json' });
  expect(again).toMatchObject({ ok: true, report: { productsChanged: 0, unchanged: 1, pricePoints: 0 } });
});
