import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { sql } from 'kysely';
import { importCatalog } from '../../src/catalog/import/apply-import';
import { declareChangeKind } from '../../src/catalog/import/import-writes';
import { ProductLinks } from '../../src/catalog/product-links';
import { eventually, twoInstancesOfOneShop, type TestServer } from '../../harness/test-server';

/**
 * Two instances on one PostgreSQL database, a catalogue change committed through SQL as an import
 * commits it (one transaction: prices of N products with their Omnibus history, stock of M
 * others): both serve it — search and product-view — and the other instance applied it from the
 * change log incrementally, not by reloading the catalogue. A change committed while an
 * instance's feed was away is caught up from its watermark when the feed is back, again without
 * a full reload. Asserted on what each instance's catalogue did (its stats), not on time.
 */
let a: TestServer;
let b: TestServer;
twoInstancesOfOneShop((started) => ({ a, b } = started));

async function get(on: TestServer, url: string) {
  const response = await fetch(on.baseUrl + url);
  return { status: response.status, body: (await response.json()) as { result: any } & Record<string, any> };
}

const searchBySku = async (on: TestServer, sku: string) => {
  const request = encodeURIComponent(JSON.stringify({ _appliedFilters: [{ attribute: 'sku', value: sku }] }));
  const { body } = await get(on, `/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${request}`);
  return (body.items as Product[])[0];
};

/** Viewable simple products at their regular price that no set is priced from, not yet used by a test. */
let taken = 0;
function pick(count: number): Product[] {
  const parts = new Set(a.app.catalog.products.flatMap((product: Product) => ProductLinks.partsOf(product)));
  const fit = a.app.catalog.products.filter(
    (product: Product) => product.type_id === 'simple' && isViewable(product) && !product.special_price && !parts.has(product.sku),
  );
  taken += count;
  return fit.slice(taken - count, taken);
}

/** The import's transaction: product documents with new prices, their price history, and stock rows. */
async function importChange(on: TestServer, prices: [Product, number][], stock: [Product, number][], beforeCommit?: () => Promise<void>) {
  await on.db.kysely.transaction().execute(async (trx) => {
    for (const [product, price] of prices) {
      const row = await trx.selectFrom('product').select('doc').where('sku', '=', product.sku).executeTakeFirstOrThrow();
      await trx
        .updateTable('product')
        .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), price }) })
        .where('sku', '=', product.sku)
        .execute();
    }
    await trx
      .insertInto('price_history')
      .values(prices.map(([product, price]) => ({ sku: product.sku, valid_from: '2026-11-21T06:00:00.000Z', price_incl_tax: price })))
      .onConflict((oc) => oc.columns(['sku', 'valid_from']).doUpdateSet((eb) => ({ price_incl_tax: eb.ref('excluded.price_incl_tax') })))
      .execute();
    for (const [product, qty] of stock)
      await trx
        .updateTable('stock_item')
        .set({ qty, is_in_stock: qty > 0 ? 1 : 0 })
        .where('sku', '=', product.sku)
        .execute();
    await beforeCommit?.();
  });
}

test('an import-like transaction (prices of 12 products, stock of 8) reaches both instances, applied incrementally', async () => {
  const priced = pick(12).map((product, index): [Product, number] => [product, 1000 + index]);
  const stocked = pick(8).map((product): [Product, number] => [product, 0]);
  const before = { a: { ...a.app.catalog.stats }, b: { ...b.app.catalog.stats } };
  await importChange(a, priced, stocked);
  for (const instance of [a, b]) {
    await eventually(async () => priced.every(([product, price]) => instance.app.catalog.bySkuLookup(product.sku)?.product.final_price_incl_tax === price));
    await eventually(async () => stocked.every(([product]) => instance.app.catalog.bySkuLookup(product.sku)?.product.stock.qty === 0));
    const [product, price] = priced[7];
    expect(await searchBySku(instance, product.sku)).toMatchObject({ sku: product.sku, final_price_incl_tax: price });
    const view = await get(instance, `/api/product-view/${product.sku}`);
    expect(view.status).toBe(200);
    expect(view.body.result.product).toMatchObject({ final_price_incl_tax: price });
    expect(instance.app.catalog.priceHistory(product.sku).at(-1)).toEqual({ from: '2026-11-21T06:00:00.000Z', price });
  }
  for (const [name, instance] of [
    ['a', a],
    ['b', b],
  ] as const) {
    expect(instance.app.catalog.stats.fullReloads).toBe(before[name].fullReloads);
    expect(instance.app.catalog.stats.incrementalUpdates).toBeGreaterThan(before[name].incrementalUpdates);
    expect(instance.app.catalog.stats.productsReloaded - before[name].productsReloaded).toBeGreaterThanOrEqual(12);
    // Only prices moved in those documents: patched as prices (migration 0021's 'price' kind), not reloaded whole.
    expect(instance.app.catalog.stats.priceUpdates).toBeGreaterThan(before[name].priceUpdates);
  }
  expect(b.app.catalogSync.stats.fullReloads).toBe(0);
});

test("the log tells a price change from any other: only a document's price keys (or a price history point added or removed) → 'price'", async () => {
  const [product] = pick(1);
  const kindsAfter = async (change: () => Promise<unknown>) => {
    const { rows } = await sql<{ top: string | null }>`select max(seq)::text as top from catalog_change`.execute(a.db.kysely);
    await change();
    const logged = await a.db.kysely
      .selectFrom('catalog_change')
      .select(['sku', 'kind'])
      .where('seq', '>', Number(rows[0].top ?? 0))
      .orderBy('seq')
      .execute();
    return logged.map((row) => `${row.sku}:${row.kind}`);
  };
  const edit = (change: (doc: Product) => void) => async () => {
    const row = await a.db.kysely.selectFrom('product').select('doc').where('sku', '=', product.sku).executeTakeFirstOrThrow();
    const doc = JSON.parse(row.doc) as Product;
    change(doc);
    await a.db.kysely
      .updateTable('product')
      .set({ doc: JSON.stringify(doc) })
      .where('sku', '=', product.sku)
      .execute();
  };
  expect(
    await kindsAfter(edit((doc) => Object.assign(doc, { special_price: 99, special_from_date: '2026-11-01 00:00:00', updated_at: '2026-11-27 10:00:00' }))),
  ).toEqual([`${product.sku}:price`]);
  expect(await kindsAfter(edit((doc) => Object.assign(doc, { special_price: null, name: `${doc.name} II` })))).toEqual([`${product.sku}:product`]);
  expect(
    await kindsAfter(() =>
      a.db.kysely
        .insertInto('price_history')
        .values({ sku: product.sku, valid_from: '2026-11-26', price_incl_tax: 99 })
        .onConflict((oc) => oc.doNothing())
        .execute(),
    ),
  ).toEqual([`${product.sku}:price`]);
  // A point removed (the import compacting old history: 0028) is a price change as well.
  expect(
    await kindsAfter(() => a.db.kysely.deleteFrom('price_history').where('sku', '=', product.sku).where('valid_from', '=', '2026-11-26').execute()),
  ).toEqual([`${product.sku}:price`]);
  expect(await kindsAfter(() => a.db.kysely.updateTable('product').set({ status: 2 }).where('sku', '=', product.sku).execute())).toEqual([
    `${product.sku}:product`,
  ]);
});

test("a change committed while an instance's feed is away is caught up from its watermark when the feed is back: no full reload", async () => {
  const priced = pick(5).map((product, index): [Product, number] => [product, 2000 + index]);
  const stocked = pick(3).map((product): [Product, number] => [product, 0]);
  const sync = b.app.catalogSync;
  const before = { reconnects: sync.stats.reconnects, stats: { ...b.app.catalog.stats } };
  // Both instances' listening connections are ended just before the commit: its notification reaches nobody.
  await importChange(a, priced, stocked, async () => {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN kf_change'`.execute(a.db.kysely);
    await eventually(async () => {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from pg_stat_activity where datname = current_database() and query = 'LISTEN kf_change'`.execute(a.db.kysely);
      return Number(rows[0].n) === 0;
    });
  });
  await eventually(async () => sync.stats.reconnects > before.reconnects);
  await eventually(async () => priced.every(([product, price]) => b.app.catalog.bySkuLookup(product.sku)?.product.final_price_incl_tax === price));
  await eventually(async () => stocked.every(([product]) => b.app.catalog.bySkuLookup(product.sku)?.product.stock.qty === 0));
  expect(b.app.catalog.stats.fullReloads).toBe(before.stats.fullReloads);
  expect(b.app.catalog.stats.incrementalUpdates).toBeGreaterThan(before.stats.incrementalUpdates);
  expect((await searchBySku(b, priced[0][0].sku)).final_price_incl_tax).toBe(2000);
}, 30_000);

test("an import declares each product's kind to the log (0027): prices, its own or a variant's → 'price', a name → 'product'; the next writer is compared again", async () => {
  const [simple, renamed] = pick(2);
  const parent = (a.app.catalog.products as Product[]).find(
    (product) => product.type_id === 'configurable' && isViewable(product) && !product.special_price && (product.configurable_children ?? []).length > 1,
  )!;
  const variant = parent.configurable_children![0];
  const top = async () => Number((await sql<{ top: string | null }>`select max(seq)::text as top from catalog_change`.execute(a.db.kysely)).rows[0].top ?? 0);
  const since = async (from: number) =>
    (await a.db.kysely.selectFrom('catalog_change').select(['sku', 'kind']).where('seq', '>', from).execute())
      .filter((row) => row.kind !== 'stock' && [simple.sku, renamed.sku, parent.sku, variant.sku].includes(row.sku))
      .map((row) => `${row.sku}:${row.kind}`)
      .sort();
  const gross = (item: { price: number; price_incl_tax?: number }) => item.price_incl_tax ?? item.price;
  const file = (step: number) =>
    Buffer.from(
      [
        'sku;price;name',
        `${simple.sku};${(gross(simple) + step).toFixed(2)};${simple.name}`,
        `${renamed.sku};${gross(renamed).toFixed(2)};${renamed.name}${step > 1 ? ' (nowa seria)' : ''}`,
        `${variant.sku};${(gross(variant) + step).toFixed(2)};${variant.name}`,
      ].join('\n'),
    );
  // A first import compacts the seed's price history (its deleted points are logged 'product'): the one measured is the second.
  expect((await importCatalog(a.db, file(1), { now: new Date() })).ok).toBe(true);
  const from = await top();
  const reloaded = jest.spyOn(b.app.catalog, 'reloadProducts');
  const outcome = await importCatalog(a.db, file(2), { now: new Date() });
  expect(outcome.ok).toBe(true);
  // The price history's points are 'price' changes of the SKUs priced; the documents' kinds as declared.
  expect(await since(from)).toEqual(
    [`${simple.sku}:price`, `${simple.sku}:price`, `${renamed.sku}:product`, `${parent.sku}:price`, `${variant.sku}:price`].sort(),
  );
  // The other instance patches the variant's price as a price change: its parent's document read, not reloaded as a product.
  await eventually(async () => Math.abs((b.app.catalog.bySkuLookup(variant.sku)?.child?.price_incl_tax ?? 0) - (gross(variant) + 2)) < 0.005);
  expect(reloaded.mock.calls.flatMap(([skus]) => [...skus])).not.toContain(parent.sku);
  reloaded.mockRestore();
  // Declared for the import's transaction only: a later edit of a name is compared, and logged a product change.
  const after = await top();
  const row = await a.db.kysely.selectFrom('product').select('doc').where('sku', '=', simple.sku).executeTakeFirstOrThrow();
  await a.db.kysely
    .updateTable('product')
    .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), name: `${simple.name} II` }) })
    .where('sku', '=', simple.sku)
    .execute();
  expect(await since(after)).toEqual([`${simple.sku}:product`]);
  // The declared kind is what is logged — the documents are not read to check it (that is its
  // point: 1.3 s of a 10,000-row import) — except that a SKU that changed is a product change.
  const declared = await top();
  await a.db.kysely.transaction().execute(async (trx) => {
    await declareChangeKind(trx, 'postgres', 'price');
    await trx.updateTable('product').set({ updated_at: '2026-12-02 10:00:00' }).where('sku', '=', renamed.sku).execute();
    await trx
      .updateTable('product')
      .set({ sku: `${simple.sku}-X` })
      .where('sku', '=', simple.sku)
      .execute();
    await trx.updateTable('product').set({ sku: simple.sku }).where('sku', '=', `${simple.sku}-X`).execute();
  });
  expect(await since(declared)).toEqual([`${renamed.sku}:price`, `${simple.sku}:product`, `${simple.sku}:product`].sort());
  // Both instances serve the imported prices.
  for (const on of [a, b]) await eventually(async () => (await searchBySku(on, simple.sku)).price !== simple.price);
});
