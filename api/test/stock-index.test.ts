import type { Product } from '@kaloryfer/api-contract';
import type { MemorySearchEngine } from '../src/search/memory/memory-engine';
import { eventually, startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { orderClient, plainValve } from './order-helpers';

/**
 * Stock reaches search (issue #22): an order that sells a SKU out changes, in the same
 * request, what the listing's `stock.is_in_stock` filter finds and what the tiles' `stock`
 * says — for the product itself and for a configurable parent whose last variant sold out.
 */
let server: TestServer;
const { call, cartWith, orderBody } = orderClient(() => server);
const SEARCH = '/api/catalog/vue_storefront_catalog/product/_search';
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

type Tile = { sku: string; stock: { is_in_stock: boolean; qty: number }; configurable_children?: { sku: string; stock: Tile['stock'] }[] };
/** A search answer (vue-storefront-api's shape: items, total and aggregations at the top). */
type Answer = { total: number; items: Tile[]; aggregations?: Record<string, { buckets: { key: string; doc_count: number }[] }> };
const searchCall = async (body: unknown) => {
  const response = await call('POST', SEARCH, body);
  expect(response.status).toBe(200);
  return response.body as unknown as Answer;
};
async function search(filters: unknown[]): Promise<Answer> {
  return searchCall({ query: { _appliedFilters: filters }, size: 10, _sourceInclude: ['sku', 'stock'] });
}
const bySku = (sku: string) => ({ attribute: 'sku', value: { eq: sku } });
const inStockFacet = async (sku: string) => {
  const body = await searchCall({ query: { _appliedFilters: [bySku(sku)], _availableFilters: [{ field: 'stock.is_in_stock', scope: 'catalog' }] }, size: 1 });
  return body.aggregations?.['agg_terms_stock.is_in_stock']?.buckets ?? [];
};

/** The stock rows made so: exactly one unit of `lastSku` is left, the other SKUs are sold out. */
async function leaveOneUnit(lastSku: string, soldOut: string[] = []) {
  await server.db.kysely
    .updateTable('stock_item')
    .set({ qty: 1, is_in_stock: 1, manage_stock: 1, is_volatile: 0, min_sale_qty: 1, max_sale_qty: 0 })
    .where('sku', '=', lastSku)
    .execute();
  if (soldOut.length)
    await server.db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0, manage_stock: 1, is_volatile: 0 }).where('sku', 'in', soldOut).execute();
  await server.app.catalog.refresh(); // the import path: a reload re-indexes everything
}

async function buyOne(sku: string) {
  const placed = await call('POST', '/api/order', orderBody(await cartWith(sku, 1)));
  expect(placed.status).toBe(200);
  expect(placed.body.result.created).toBe(true);
}

test('buying the last unit: the in-stock listing no longer shows the product and its tile says out of stock', async () => {
  const valve: Product = plainValve(server);
  await leaveOneUnit(valve.sku);
  expect((await search([...LISTED, bySku(valve.sku)])).total).toBe(1);
  expect(await inStockFacet(valve.sku)).toEqual([{ key: '1', doc_count: 1 }]);

  await buyOne(valve.sku);

  expect((await search([...LISTED, bySku(valve.sku)])).total).toBe(0);
  const tile = (await search([bySku(valve.sku)])).items[0];
  expect(tile.stock).toMatchObject({ is_in_stock: false, qty: 0 });
  expect(await inStockFacet(valve.sku)).toEqual([{ key: '0', doc_count: 1 }]);
  expect((await search([bySku(valve.sku), { attribute: 'stock.is_in_stock', value: { eq: false } }])).total).toBe(1);
  expect((await call('GET', `/api/stock/check?sku=${valve.sku}`)).body.result).toMatchObject({ is_in_stock: false, qty: 0 });
  // One more is refused, and the index did not go back.
  const cartId = (await call('POST', '/api/cart/create')).body.result as string;
  expect((await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: valve.sku, qty: 1 } })).status).toBeGreaterThanOrEqual(400);
  const engine = server.app.catalog.engine as MemorySearchEngine;
  expect(engine.lastStockRefreshMs).toBeLessThan(50);
});

test('a configurable parent leaves the in-stock listing when its last in-stock variant sells out', async () => {
  const parent = server.app.catalog.products.find(
    (product: Product) =>
      product.type_id === 'configurable' &&
      product.stock.is_in_stock &&
      product.visibility >= 2 &&
      product.status < 2 &&
      (product.configurable_children ?? []).filter((child) => child.status < 2).length >= 2,
  )!;
  expect(parent).toBeDefined();
  const children = parent.configurable_children!.filter((child) => child.status < 2);
  const [last, ...others] = children.map((child) => child.sku);
  await leaveOneUnit(last, others);
  expect((await search([...LISTED, bySku(parent.sku)])).total).toBe(1);
  // The variant's SKU finds its parent too (configurable_children.sku), in stock while it is.
  expect((await search([...LISTED, { attribute: 'configurable_children.sku', value: { eq: last } }])).total).toBe(1);

  await buyOne(last);

  expect((await search([...LISTED, bySku(parent.sku)])).total).toBe(0);
  expect((await search([...LISTED, { attribute: 'configurable_children.sku', value: { eq: last } }])).total).toBe(0);
  const tile = (await search([bySku(parent.sku)])).items[0];
  expect(tile.stock.is_in_stock).toBe(false);
  const body = await searchCall({
    query: { _appliedFilters: [bySku(parent.sku)] },
    size: 1,
    _sourceInclude: ['sku', 'configurable_children.sku', 'configurable_children.stock'],
  });
  const variant = body.items[0].configurable_children!.find((child) => child.sku === last)!;
  expect(variant.stock).toMatchObject({ is_in_stock: false, qty: 0 });
});

test('an order that leaves stock does not change the listing; the filter keeps counting it', async () => {
  const valve: Product = plainValve(server);
  const before = (await search([...LISTED])).total;
  await buyOne(valve.sku);
  expect((await search([...LISTED])).total).toBe(before);
  expect((await search([...LISTED, bySku(valve.sku)])).total).toBe(1);
});

test('stock changed elsewhere (another instance, an import) reaches the listing: at the next stock sync on SQLite, at commit on PostgreSQL', async () => {
  const { CatalogSync } = await import('../src/catalog/catalog-sync');
  const valve: Product = plainValve(server);
  const inStockListed = async () => (await search([...LISTED, bySku(valve.sku)])).total;
  const sync = new CatalogSync(server.db, server.app.catalog, { intervalMs: 3_600_000 });
  // On SQLite the app's own sync polls the change log every 2 s: paused, so this test's reads are the ones that apply.
  const appSync = server.db.dialect === 'sqlite' ? server.app.catalogSync : undefined;
  await appSync?.stop();
  expect(await sync.syncOnce()).toBe(0); // this process's orders were patched already
  await server.db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', valve.sku).execute();
  if (server.db.dialect === 'sqlite') {
    expect(await inStockListed()).toBe(1); // not seen yet
    expect(await sync.syncOnce()).toBe(1);
  } else {
    await eventually(async () => (await inStockListed()) === 0); // the app's own feed heard the commit
  }
  expect(await inStockListed()).toBe(0);
  expect((await search([bySku(valve.sku)])).items[0].stock).toMatchObject({ is_in_stock: false, qty: 0 });
  await server.db.kysely.updateTable('stock_item').set({ qty: 12, is_in_stock: 1 }).where('sku', '=', valve.sku).execute(); // restocked
  if (server.db.dialect === 'sqlite') expect(await sync.syncOnce()).toBe(1);
  else await eventually(async () => (await inStockListed()) === 1);
  expect(await inStockListed()).toBe(1);
  expect(await sync.syncOnce()).toBe(0); // nothing left to patch
  await appSync?.start();
});
