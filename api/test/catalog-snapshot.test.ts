import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { ProductLinks } from '../src/catalog/product-links';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * The snapshot start over HTTP, as an operator restarts an instance (SQLite, and PostgreSQL in
 * that run): the running instance wrote its catalogue's snapshot; while no second instance runs,
 * prices and stock change in the database; the instance started then restores the snapshot,
 * catches up from the change log before it listens, and its very first answers carry the new
 * prices — the same answers as the instance that saw the changes happen.
 */
let first: TestServer;
let second: TestServer | undefined;

beforeAll(async () => {
  first = await startTestServer({ seed: TEST_SEED });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function get(on: TestServer, url: string) {
  const response = await fetch(on.baseUrl + url);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const searchBySku = async (on: TestServer, sku: string) => {
  const request = encodeURIComponent(JSON.stringify({ _appliedFilters: [{ attribute: 'sku', value: sku }] }));
  return ((await get(on, `/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${request}`)).body.items as Product[])[0];
};

const listing = (on: TestServer) =>
  get(
    on,
    `/api/catalog/vue_storefront_catalog/product/_search?size=24&sort=final_price:asc&request=${encodeURIComponent(JSON.stringify({ _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] } }] }))}`,
  );

test('an instance started after changes made while it was down restores the snapshot, catches up and answers with the new prices at once', async () => {
  expect(first.app.catalogSnapshots).not.toBeNull();
  expect(await first.app.catalogSnapshots!.writeIfChanged()).toBe(true);
  const parts = new Set(first.app.catalog.products.flatMap((product: Product) => ProductLinks.partsOf(product)));
  const [cheaper, reduced, soldOut] = first.app.catalog.products
    .filter((product: Product) => product.type_id === 'simple' && isViewable(product) && !product.special_price && !parts.has(product.sku))
    .slice(3, 6);
  await first.db.kysely.transaction().execute(async (trx) => {
    for (const [product, change] of [
      [cheaper, { price: 199 }],
      [reduced, { special_price: Math.round(reduced.price * 70) / 100, special_from_date: '2026-11-20 00:00:00' }],
    ] as const) {
      const row = await trx.selectFrom('product').select('doc').where('sku', '=', product.sku).executeTakeFirstOrThrow();
      await trx
        .updateTable('product')
        .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), ...change }) })
        .where('sku', '=', product.sku)
        .execute();
    }
    await trx.insertInto('price_history').values({ sku: cheaper.sku, valid_from: '2026-11-21T06:00:00.000Z', price_incl_tax: 199 }).execute();
    await trx.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', soldOut.sku).execute();
  });

  second = await startTestServer({ instanceOf: first });
  expect(second.app.catalogSnapshots!.lastStart).toMatchObject({ restored: true });
  expect(second.app.catalogSnapshots!.lastStart!.caughtUp).toBeGreaterThanOrEqual(3);
  // The operator sees how each instance started.
  const operator = (await first.app.mfeRegistry.tokens.create('operator')).token;
  const metrics = async (on: TestServer) => (await fetch(`${on.baseUrl}/metrics`, { headers: { authorization: `Bearer ${operator}` } })).text();
  expect(await metrics(first)).toMatch(/^kf_catalog_start_seconds\{from="load"\} [\d.]+$/m);
  expect(await metrics(second)).toMatch(/^kf_catalog_start_seconds\{from="snapshot"\} [\d.]+$/m);
  expect(await searchBySku(second, cheaper.sku)).toMatchObject({ final_price_incl_tax: 199 });
  const promoted = await searchBySku(second, reduced.sku);
  expect(promoted.final_price_incl_tax).toBeLessThan(promoted.original_price_incl_tax!);
  expect(reduced.final_price_incl_tax).toBe(reduced.original_price_incl_tax);
  expect((await searchBySku(second, soldOut.sku)).stock).toMatchObject({ qty: 0, is_in_stock: false });
  const view = await get(second, `/api/product-view/${cheaper.sku}`);
  expect(view.status).toBe(200);
  expect(view.body.result.product).toMatchObject({ final_price_incl_tax: 199 });
  expect(second.app.catalog.priceHistory(cheaper.sku).at(-1)).toEqual({ from: '2026-11-21T06:00:00.000Z', price: 199 });

  // The instance that saw the changes happen answers the same.
  await first.app.catalogSync.syncOnce();
  expect((await listing(second)).body).toEqual((await listing(first)).body);
  expect(await searchBySku(second, reduced.sku)).toEqual(await searchBySku(first, reduced.sku));
});
