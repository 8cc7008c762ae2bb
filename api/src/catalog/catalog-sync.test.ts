import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { freshTestDatabase } from '../../harness/test-database';
import { pruneChanges } from '../db/change-log';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { MemorySearchEngine } from '../search/memory/memory-engine';
import type { SearchRequest } from '../search/search-request';
import { seedCatalog } from '../seed/catalog-seed';
import { Catalog } from './catalog';
import { CatalogSync } from './catalog-sync';
import { ProductLinks } from './product-links';

/**
 * The change log applied on one instance (SQLite; the same code reads PostgreSQL's log): a change
 * to some products reloads exactly those — and the sets priced from them — and serves what a full
 * reload would serve; stock is patched; a change to another table, or a gap in the log, reloads
 * everything. Asserted on what the catalogue and its engine were asked to do.
 */
let dir: string;
let db: Db;
let catalog: Catalog;
let engine: MemorySearchEngine;
let sync: CatalogSync;
const logged: string[] = [];
const now = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-catalog-sync-'));
  db = openDatabase((await freshTestDatabase(dir, 'catalog-sync')).url);
  await migrateToLatest(db);
  await seedCatalog(db, { products: 200, seed: 37, today: '2026-11-21' });
  engine = new MemorySearchEngine();
  catalog = new Catalog(db, engine, () => now);
  await catalog.refresh();
  sync = new CatalogSync(db, catalog, { intervalMs: 3_600_000, log: (message) => logged.push(message) });
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => jest.restoreAllMocks());

/** What a full reload serves now: a second catalogue loaded from the same database at the same moment. */
async function reloaded(): Promise<Catalog> {
  const fresh = new Catalog(db, new MemorySearchEngine(), () => now);
  await fresh.refresh();
  return fresh;
}

const SEARCHES: SearchRequest[] = [
  { sort: { field: 'price', order: 'asc' as const }, sale: false },
  { sort: { field: 'price', order: 'desc' as const }, sale: false },
  // What a price change moves besides the price: the sale filter, the newest-change order.
  { sort: { field: 'updated_at', order: 'desc' as const }, sale: true },
].map(({ sort, sale }) => ({
  type: 'product',
  filters: [{ field: 'visibility', op: 'in', values: [2, 3, 4] }, ...(sale ? [{ field: 'sale', op: 'in' as const, values: [true] }] : [])],
  facets: [
    {
      field: 'price',
      size: 10,
      ranges: [
        { from: null, to: 300 },
        { from: 300, to: null },
      ],
    },
    { field: 'color', size: 30 },
  ],
  sort: [sort],
  text: '',
  from: 0,
  size: 50,
  include: null,
  exclude: null,
  groupId: null,
}));

/** The catalogue serves what a full reload would: every product, lookup, history and search answer. */
async function expectSameAsFullReload(skus: string[]) {
  const fresh = await reloaded();
  expect(catalog.products).toEqual(fresh.products);
  for (const sku of skus) {
    expect(catalog.bySkuLookup(sku)).toEqual(fresh.bySkuLookup(sku));
    expect(catalog.priceHistory(sku)).toEqual(fresh.priceHistory(sku));
  }
  for (const search of SEARCHES) expect(await catalog.engine.search(search)).toEqual(await fresh.engine.search(search));
}

/** Simple products no bundle or set is priced from. */
const standalone = (): Product[] => {
  const parts = new Set(catalog.products.flatMap((product) => ProductLinks.partsOf(product)));
  return catalog.products.filter((product) => product.type_id === 'simple' && !parts.has(product.sku));
};

async function editDoc(sku: string, edit: (doc: Product) => void) {
  const row = await db.kysely.selectFrom('product').select('doc').where('sku', '=', sku).executeTakeFirstOrThrow();
  const doc = JSON.parse(row.doc) as Product;
  edit(doc);
  await db.kysely
    .updateTable('product')
    .set({ doc: JSON.stringify(doc) })
    .where('sku', '=', sku)
    .execute();
}

test('a price change to 3 products patches exactly those, as prices only: productsChanged with 3 products, no index(), the watermark advances', async () => {
  const [a, b, c] = standalone().slice(3, 6);
  const watermark = catalog.watermark!.seq;
  const stats = { ...catalog.stats };
  const changed = jest.spyOn(engine, 'productsChanged');
  const index = jest.spyOn(engine, 'index');
  await db.kysely.transaction().execute(async (trx) => {
    for (const [product, price] of [
      [a, 111],
      [b, 222],
      [c, 333],
    ] as const) {
      const row = await trx.selectFrom('product').select('doc').where('sku', '=', product.sku).executeTakeFirstOrThrow();
      await trx
        .updateTable('product')
        .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), price }) })
        .where('sku', '=', product.sku)
        .execute();
      await trx
        .insertInto('price_history')
        .values({ sku: product.sku, valid_from: '2026-11-21', price_incl_tax: price })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  expect(await sync.syncOnce()).toBe(3);
  expect(index).not.toHaveBeenCalled();
  expect(changed).toHaveBeenCalledTimes(1);
  expect(changed.mock.calls[0][0].map((product) => product.sku).sort()).toEqual([a.sku, b.sku, c.sku].sort());
  expect(changed.mock.calls[0][2]).toEqual({ pricesOnly: true });
  expect(catalog.watermark!.seq).toBeGreaterThan(watermark);
  expect(catalog.stats).toEqual({
    ...stats,
    incrementalUpdates: stats.incrementalUpdates + 1,
    priceUpdates: stats.priceUpdates + 1,
    productsReloaded: stats.productsReloaded + 3,
  });
  expect(catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(111);
  expect(catalog.priceHistory(a.sku).at(-1)).toEqual({ from: '2026-11-21', price: 111 });
  await expectSameAsFullReload([a.sku, b.sku, c.sku]);
  expect(await sync.syncOnce()).toBe(0); // nothing new: nothing done
  expect(changed).toHaveBeenCalledTimes(1);
});

test('a price change as an import writes it — a special price with dates, one taken away, updated_at — is patched as prices only and serves what a full reload serves', async () => {
  const [a, b] = standalone().slice(20, 22);
  await editDoc(b.sku, (doc) => Object.assign(doc, { special_price: Math.round(doc.price * 80) / 100, special_from_date: '2026-11-01 00:00:00' }));
  await sync.syncOnce();
  const stats = { ...catalog.stats };
  const changed = jest.spyOn(engine, 'productsChanged');
  await editDoc(a.sku, (doc) =>
    Object.assign(doc, {
      price: doc.price + 10,
      special_price: Math.round(doc.price * 70) / 100,
      special_from_date: '2026-11-20 00:00:00',
      special_to_date: '2026-12-31 23:59:59',
      updated_at: '2026-11-21 11:00:00',
    }),
  );
  await editDoc(b.sku, (doc) => {
    delete doc.special_price;
    delete doc.special_from_date;
    doc.updated_at = '2026-11-21 11:00:01';
  });
  expect(await sync.syncOnce()).toBe(2);
  expect(changed.mock.calls.map((call) => call[2])).toEqual([{ pricesOnly: true }]);
  expect(catalog.stats.priceUpdates).toBe(stats.priceUpdates + 1);
  expect(catalog.stats.fullReloads).toBe(stats.fullReloads);
  expect(catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBeLessThan(catalog.bySkuLookup(a.sku)!.product.original_price_incl_tax!);
  const unreduced = catalog.bySkuLookup(b.sku)!.product;
  expect([unreduced.special_price, unreduced.final_price_incl_tax]).toEqual([null, unreduced.original_price_incl_tax]);
  await expectSameAsFullReload([a.sku, b.sku]);
});

test('a price changed together with anything else in the document (here the name) reloads the product whole', async () => {
  const product = standalone()[25];
  const stats = { ...catalog.stats };
  const changed = jest.spyOn(engine, 'productsChanged');
  await editDoc(product.sku, (doc) => Object.assign(doc, { price: doc.price + 1, name: `${doc.name} (nowa seria)` }));
  expect(await sync.syncOnce()).toBe(1);
  expect(changed.mock.calls.map((call) => call[2])).toEqual([{ pricesOnly: false }]);
  expect(catalog.stats.priceUpdates).toBe(stats.priceUpdates);
  expect(catalog.bySkuLookup(product.sku)!.product.name).toMatch(/nowa seria/);
  await expectSameAsFullReload([product.sku]);
});

test("a variant's price and a bundle part's price: the configurable parent is reloaded, the sets holding the part are re-priced", async () => {
  const parent = catalog.products.find((product) => product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 1)!;
  const set = catalog.products.find((product) => product.type_id === 'bundle' || product.type_id === 'grouped')!;
  const part = ProductLinks.partsOf(set)
    .map((sku) => catalog.bySkuLookup(sku))
    .find((entry) => entry && !entry.child)!.product;
  const changed = jest.spyOn(engine, 'productsChanged');
  const child = parent.configurable_children![1].sku;
  await editDoc(parent.sku, (doc) => (doc.configurable_children![1].price = 12.5));
  await db.kysely
    .insertInto('price_history')
    .values({ sku: child, valid_from: '2026-11-20', price_incl_tax: 12.5 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await editDoc(part.sku, (doc) => (doc.price = doc.price + 100));
  await sync.syncOnce();
  const skus = changed.mock.calls.flatMap(([products]) => products.map((product) => product.sku));
  expect(skus).toEqual(expect.arrayContaining([parent.sku, part.sku, set.sku]));
  expect(catalog.bySkuLookup(child)!.child!.final_price_incl_tax).toBe(12.5);
  await expectSameAsFullReload([parent.sku, child, part.sku, set.sku]);
});

test("a variant's price as a price change (what an import declares on PostgreSQL): the parent's document read and handed over as prices only, as a full reload serves it", async () => {
  const parent = catalog.products.filter((product) => product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 2)[3];
  const child = parent.configurable_children![2].sku;
  await editDoc(parent.sku, (doc) => {
    doc.configurable_children![2].price = 23.75;
    doc.configurable_children![2].special_price = 19.5;
  });
  await sync.syncOnce(); // SQLite's trigger compares: logged as a product change, reloaded whole
  await editDoc(parent.sku, (doc) => (doc.configurable_children![2].price = 24.75));
  const changed = jest.spyOn(engine, 'productsChanged');
  const reloadedWhole = jest.spyOn(catalog, 'reloadProducts');
  expect(await catalog.serially(() => catalog.reloadPrices([child]))).toBeGreaterThanOrEqual(1);
  expect(reloadedWhole).not.toHaveBeenCalled();
  expect(changed).toHaveBeenCalledTimes(1);
  expect(changed.mock.calls[0][0].map((product) => product.sku)).toContain(parent.sku);
  expect(changed.mock.calls[0][2]).toEqual({ pricesOnly: true });
  expect(catalog.bySkuLookup(child)!.child!.price).not.toBe(parent.configurable_children![2].price);
  await expectSameAsFullReload([parent.sku, child]);
  await sync.syncOnce(); // the log's row for the edit (a product change on SQLite): applied again, harmlessly
});

test('stock rows changed elsewhere are patched: no product reloaded', async () => {
  const product = standalone()[10];
  const changed = jest.spyOn(engine, 'productsChanged');
  await db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', product.sku).execute();
  expect(await sync.syncOnce()).toBe(1);
  expect(changed).not.toHaveBeenCalled();
  expect(catalog.bySkuLookup(product.sku)!.product.stock).toMatchObject({ qty: 0, is_in_stock: false });
  await expectSameAsFullReload([product.sku]);
});

test('a large change is applied in steps of sliceSkus SKUs, the event loop answering between them; in the end as a full reload', async () => {
  const sliced = new CatalogSync(db, catalog, { intervalMs: 3_600_000, sliceSkus: 2, log: (message) => logged.push(message) });
  const products = standalone().slice(30, 35);
  const stocked = standalone().slice(40, 43);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [i, product] of products.entries()) {
      const row = await trx.selectFrom('product').select('doc').where('sku', '=', product.sku).executeTakeFirstOrThrow();
      await trx
        .updateTable('product')
        .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), price: 500 + i }) })
        .where('sku', '=', product.sku)
        .execute();
    }
    for (const product of stocked) await trx.updateTable('stock_item').set({ qty: 7777, is_in_stock: 1 }).where('sku', '=', product.sku).execute();
  });
  let yields = 0;
  const ticking = setInterval(() => (yields += 1), 0);
  const changed = jest.spyOn(engine, 'productsChanged');
  const patched = jest.spyOn(catalog, 'patchStock');
  try {
    expect(await sliced.syncOnce()).toBe(products.length + stocked.length);
  } finally {
    clearInterval(ticking);
  }
  // 5 prices in steps of 2 and 3 stock rows in steps of 2: 3 + 2 steps, timers ran between them.
  expect(changed).toHaveBeenCalledTimes(3);
  expect(changed.mock.calls.map(([list]) => list.length)).toEqual([2, 2, 1]);
  expect(patched).toHaveBeenCalledTimes(2);
  expect(yields).toBeGreaterThan(0);
  await expectSameAsFullReload([...products, ...stocked].map((product) => product.sku));
});

test('a change to fewer than half the products is incremental however many of their variants it names; more than half reloads all', async () => {
  const strict = new CatalogSync(db, catalog, { intervalMs: 3_600_000, fullReloadMin: 0, log: (message) => logged.push(message) });
  const half = catalog.products.length / 2;
  // Configurables whose variants outnumber half the catalogue while they are fewer than half of it.
  const parents: Product[] = [];
  let skus = 0;
  for (const product of catalog.products.filter((p) => (p.configurable_children?.length ?? 0) >= 3)) {
    if (skus > half) break;
    parents.push(product);
    skus += product.configurable_children!.length;
  }
  expect(skus).toBeGreaterThan(half);
  expect(parents.length).toBeLessThan(half);
  const variants = parents.flatMap((parent) => parent.configurable_children!.map((child) => child.sku));
  // A variant's history point removed is logged as a price change of the variant's SKU (0028): its prices patched, its history forgotten.
  await db.kysely
    .insertInto('price_history')
    .values(variants.map((sku) => ({ sku, valid_from: '2026-11-19T08:00:00.000Z', price_incl_tax: 99 })))
    .execute();
  await strict.syncOnce();
  const before = { ...catalog.stats };
  const { seq } = await db.kysely
    .selectFrom('catalog_change')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirstOrThrow();
  await db.kysely.deleteFrom('price_history').where('valid_from', '=', '2026-11-19T08:00:00.000Z').execute();
  const kinds = await db.kysely.selectFrom('catalog_change').select('kind').distinct().where('seq', '>', seq).execute();
  expect(kinds).toEqual([{ kind: 'price' }]);
  await strict.syncOnce();
  expect(catalog.stats.fullReloads).toBe(before.fullReloads);
  expect(catalog.stats.priceUpdates).toBeGreaterThan(before.priceUpdates);
  await expectSameAsFullReload(variants.slice(0, 5));
  // Every product's document changed (and back): more than half the catalogue — a full reload each, said in the log.
  await db.kysely
    .updateTable('product')
    .set({ doc: sql`json_set(doc, '$.kf_test', 1)` })
    .execute();
  await strict.syncOnce();
  expect(catalog.stats.fullReloads).toBe(before.fullReloads + 1);
  expect(logged.at(-1)).toBe(`catalogue: ${catalog.products.length} products changed: reloading the whole catalogue`);
  await db.kysely
    .updateTable('product')
    .set({ doc: sql`json_remove(doc, '$.kf_test')` })
    .execute();
  await strict.syncOnce();
});

test('a product added and one deleted: the catalogue and the index follow (the product index rebuilt), as a full reload', async () => {
  const gone = standalone()[12];
  const template = standalone()[13];
  const id = Math.max(...catalog.products.map((product) => product.id)) + 1;
  const added = { ...template, id, sku: 'NOWY-37', name: 'Grzejnik z importu', url_key: 'nowy-37', url_path: 'nowy-37', slug: 'nowy-37' };
  await db.kysely
    .insertInto('product')
    .values({
      id,
      sku: added.sku,
      type_id: 'simple',
      url_path: added.url_path,
      status: 1,
      visibility: 4,
      updated_at: added.updated_at,
      doc: JSON.stringify(added),
    })
    .execute();
  await db.kysely.deleteFrom('product').where('sku', '=', gone.sku).execute();
  await sync.syncOnce();
  expect(catalog.bySkuLookup('NOWY-37')?.product.name).toBe('Grzejnik z importu');
  expect(catalog.bySkuLookup(gone.sku)).toBeUndefined();
  expect(catalog.productById(gone.id)).toBeUndefined();
  expect(engine.counts.productIndexRebuilt).toBe(1);
  await expectSameAsFullReload(['NOWY-37', gone.sku]);
});

test('a change to another catalogue table reloads everything, and says so', async () => {
  const index = jest.spyOn(engine, 'index');
  const row = await db.kysely.selectFrom('category').select(['id', 'doc']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await db.kysely
    .updateTable('category')
    .set({ doc: JSON.stringify({ ...JSON.parse(row.doc), name: 'Nowa nazwa' }) })
    .where('id', '=', row.id)
    .execute();
  await sync.syncOnce();
  expect(index).toHaveBeenCalledTimes(1);
  expect(logged.at(-1)).toBe('catalogue: category changed: reloading the whole catalogue');
  expect(catalog.categories.find((category) => category.id === row.id)?.name).toBe('Nowa nazwa');
});

test('changes pruned before the instance read them (a gap): a full reload, said in the log; then incremental again', async () => {
  const [a, b] = standalone().slice(20, 22);
  const stats = { ...catalog.stats };
  await editDoc(a.sku, (doc) => (doc.price = 77));
  await editDoc(b.sku, (doc) => (doc.price = 78));
  // An hour later (this instance slept): every row but the newest is pruned.
  expect(await pruneChanges(db, 60 * 60_000, new Date(Date.now() + 2 * 60 * 60_000))).toBeGreaterThan(0);
  await sync.syncOnce();
  expect(logged.at(-1)).toMatch(/^catalogue: changes after seq \d+ were pruned before this instance read them: reloading the whole catalogue$/);
  expect(catalog.stats.fullReloads).toBe(stats.fullReloads + 1);
  expect(catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(77);
  await editDoc(a.sku, (doc) => (doc.price = 79));
  await sync.syncOnce();
  expect(catalog.stats.fullReloads).toBe(stats.fullReloads + 1);
  expect(catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(79);
  await expectSameAsFullReload([a.sku, b.sku]);
});
