import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { freshTestDatabase } from '../../../harness/test-database';
import { currentWatermark, pruneChanges } from '../../db/change-log';
import { openDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { MemorySearchEngine } from '../../search/memory/memory-engine';
import type { SearchRequest } from '../../search/search-request';
import { seedCatalog } from '../../seed/catalog-seed';
import { Catalog } from '../catalog';
import { CatalogSync } from '../catalog-sync';
import { ProductLinks } from '../product-links';
import { CatalogSnapshots, REWRITE_AFTER_MS, startCatalog } from './catalog-snapshots';
import { codeFingerprint } from './code-fingerprint';
import { readSnapshotHeader, writeSnapshot } from './snapshot-file';

/**
 * An instance's start from the catalogue snapshot (SQLite; the same code on PostgreSQL): what it
 * serves is what a full load of the database serves — products, lookups, price histories, search
 * answers with facets and text — also after changes made while no instance ran; a snapshot that
 * cannot stand for the database is refused and the catalogue loaded; and it is written again
 * when the catalogue changed, not for stock alone.
 */
let dir: string;
let db: Db;
let file: string;
const logged: string[] = [];
const log = { info: (message: string) => logged.push(message), warn: (message: string) => logged.push(message) };
let now = new Date('2026-11-21T12:00:00Z');
const clock = () => now;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-snapshot-'));
  db = openDatabase((await freshTestDatabase(dir, 'snapshot')).url);
  await migrateToLatest(db);
  await seedCatalog(db, { products: 200, seed: 41, today: '2026-11-21' });
  file = path.join(dir, 'catalog-snapshot.bin');
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An instance's catalogue as the catalogue plugin starts it. */
async function startInstance(at: () => Date = clock) {
  const catalog = new Catalog(db, new MemorySearchEngine(), at);
  const sync = new CatalogSync(db, catalog, { intervalMs: 3_600_000 });
  const snapshots = new CatalogSnapshots(db, catalog, file, { clock: at, log });
  const start = await startCatalog(catalog, sync, snapshots);
  return { catalog, sync, snapshots, start };
}

async function fullLoad(at: () => Date = clock): Promise<Catalog> {
  const catalog = new Catalog(db, new MemorySearchEngine(), at);
  await catalog.refresh();
  return catalog;
}

const search = (request: Partial<SearchRequest>): SearchRequest => ({
  type: 'product',
  filters: [{ field: 'visibility', op: 'in', values: [2, 3, 4] }],
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
    { field: 'stock.is_in_stock', size: 2 },
    { field: 'category_ids', size: 50 },
  ],
  sort: [{ field: 'price', order: 'asc' }],
  text: '',
  from: 0,
  size: 60,
  include: null,
  exclude: null,
  groupId: null,
  ...request,
});
const SEARCHES = [
  search({}),
  search({ sort: [{ field: 'updated_at', order: 'desc' }], filters: [{ field: 'sale', op: 'in', values: [true] }] }),
  search({ text: 'grzejnik łazienkowy', sort: [] }),
  search({ text: 'antracy', sort: [] }), // a prefix and one letter off
  search({ filters: [{ field: 'stock.is_in_stock', op: 'in', values: [false] }], sort: [{ field: 'width', order: 'desc' }] }),
  search({ filters: [{ field: 'heat_output@55/45/20', op: 'range', gte: 400 }], sort: [{ field: 'heat_output@55/45/20', order: 'desc' }] }),
];

/** Serves what a full load serves now: every product, lookup and price history, every search. */
async function expectAsFullLoad(catalog: Catalog) {
  const loaded = await fullLoad();
  expect(catalog.products).toEqual(loaded.products);
  expect(catalog.categories).toEqual(loaded.categories);
  for (const product of loaded.products.slice(0, 40)) {
    for (const sku of [product.sku, ...(product.configurable_children ?? []).map((child) => child.sku)]) {
      expect(catalog.bySkuLookup(sku)).toEqual(loaded.bySkuLookup(sku));
      expect(catalog.priceHistory(sku)).toEqual(loaded.priceHistory(sku));
    }
    expect(catalog.productByUrl(product.url_path)).toEqual(product);
  }
  for (const request of SEARCHES) expect(await catalog.engine.search(request)).toEqual(await loaded.engine.search(request));
  expect((catalog.engine as MemorySearchEngine).stats()).toEqual((loaded.engine as MemorySearchEngine).stats());
}

/** The database's catalogue id, as the first instance to write a snapshot makes it. */
async function catalogId(): Promise<string> {
  await db.kysely
    .insertInto('catalog_meta')
    .values({ key: 'catalog_id', value: 'kaloryfer-test-catalogue' })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return (await db.kysely.selectFrom('catalog_meta').select('value').where('key', '=', 'catalog_id').executeTakeFirstOrThrow()).value;
}

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

const simple = (catalog: Catalog) => {
  const parts = new Set(catalog.products.flatMap((product) => ProductLinks.partsOf(product)));
  return catalog.products.filter((product) => product.type_id === 'simple' && !parts.has(product.sku));
};

test('no snapshot yet: the catalogue is loaded whole; once written, a start restores it and serves what a full load serves — after changes its catalogue had applied in place', async () => {
  const first = await startInstance();
  expect(first.start).toMatchObject({ restored: false, caughtUp: 0 });
  expect(first.start.refused).toBeUndefined();
  // Changes the running catalogue applies in place: a price, a name (the text index), stock, a product gone (the index rebuilt).
  const [a, b, c, d] = simple(first.catalog).slice(5, 9);
  await editDoc(a.sku, (doc) => (doc.price = 123.45));
  await editDoc(b.sku, (doc) => (doc.name = `${doc.name} Zefirynowy`));
  await db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', c.sku).execute();
  await db.kysely.deleteFrom('product').where('sku', '=', d.sku).execute();
  expect(await first.sync.syncOnce()).toBeGreaterThanOrEqual(4);
  expect(await first.snapshots.writeIfChanged()).toBe(true);
  const header = readSnapshotHeader(file)!;
  expect(header).toMatchObject({
    code: codeFingerprint(),
    pricedDay: '2026-11-21',
    products: first.catalog.products.length,
    watermark: first.catalog.watermark,
  });
  expect(fs.readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);

  const second = await startInstance();
  expect(second.start).toMatchObject({ restored: true, caughtUp: 0 });
  expect(second.catalog.watermark).toEqual(first.catalog.watermark);
  expect(second.catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(123.45);
  expect(second.catalog.bySkuLookup(c.sku)!.product.stock.is_in_stock).toBe(false);
  expect(second.catalog.bySkuLookup(d.sku)).toBeUndefined();
  expect((await second.catalog.engine.search(search({ text: 'zefirynowy', sort: [] }))).items.map((item) => item.sku)).toEqual([b.sku]);
  await expectAsFullLoad(second.catalog);
  // It goes on as a loaded one would: a change after the start is applied to it.
  await editDoc(a.sku, (doc) => (doc.price = 99.99));
  expect(await second.sync.syncOnce()).toBe(1);
  expect(second.catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(99.99);
  await expectAsFullLoad(second.catalog);
});

test('changes made while no instance ran — prices, a promotion, stock, a name, a new product — are caught up before the catalogue serves', async () => {
  const running = await startInstance();
  expect(running.start.restored).toBe(true);
  await running.snapshots.writeIfChanged();
  const [a, b, c, d] = simple(running.catalog).slice(20, 24);
  // …the instances are down; the operator's import and the orders of another shop front go on.
  await editDoc(a.sku, (doc) => (doc.price = 321));
  await editDoc(b.sku, (doc) => Object.assign(doc, { special_price: Math.round(doc.price * 70) / 100, special_from_date: '2026-11-20 00:00:00' }));
  await db.kysely.insertInto('price_history').values({ sku: a.sku, valid_from: '2026-11-21', price_incl_tax: 321 }).execute();
  await db.kysely.updateTable('stock_item').set({ qty: 3, is_in_stock: 1 }).where('sku', '=', c.sku).execute();
  await db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', d.sku).execute();
  await editDoc(d.sku, (doc) => (doc.name = 'Grzejnik Sołtysowy'));
  const row = await db.kysely.selectFrom('product').selectAll().where('sku', '=', a.sku).executeTakeFirstOrThrow();
  const added = {
    ...(JSON.parse(row.doc) as Product),
    id: 990_001,
    sku: 'KF-NOWY-1',
    url_key: 'kf-nowy-1',
    url_path: 'kf-nowy-1',
    slug: 'kf-nowy-1',
    name: 'Grzejnik Nowalijka',
  };
  await db.kysely
    .insertInto('product')
    .values({ ...row, id: added.id, sku: added.sku, url_path: added.url_path, doc: JSON.stringify(added) })
    .execute();

  const restarted = await startInstance();
  expect(restarted.start.restored).toBe(true);
  expect(restarted.start.caughtUp).toBeGreaterThanOrEqual(5);
  expect(restarted.catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(321);
  expect(restarted.catalog.priceHistory(a.sku).at(-1)).toEqual({ from: '2026-11-21', price: 321 });
  expect(restarted.catalog.bySkuLookup(b.sku)!.product.final_price_incl_tax).toBeLessThan(
    restarted.catalog.bySkuLookup(b.sku)!.product.original_price_incl_tax!,
  );
  expect(restarted.catalog.bySkuLookup(c.sku)!.product.stock.qty).toBe(3);
  expect(restarted.catalog.bySkuLookup(d.sku)!.product.stock.is_in_stock).toBe(false);
  expect(restarted.catalog.productByUrl('kf-nowy-1')?.name).toBe('Grzejnik Nowalijka');
  await expectAsFullLoad(restarted.catalog);
});

test("an order's stock that reached the documents while the snapshot was being written: the stock column follows the documents", async () => {
  const catalog = await fullLoad();
  const product = simple(catalog).find((each) => each.stock.is_in_stock)!;
  const state = catalog.state()!;
  const id = await catalogId();
  // An order sold the last one between the state taken (the index's columns) and its products written.
  await db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', product.sku).execute();
  catalog.patchStock([await db.kysely.selectFrom('stock_item').selectAll().where('sku', '=', product.sku).executeTakeFirstOrThrow()]);
  await writeSnapshot(file, state, { code: codeFingerprint(), catalog: id }, now);
  const instance = await startInstance();
  expect(instance.start.restored).toBe(true);
  const outOfStock = await instance.catalog.engine.search(search({ filters: [{ field: 'stock.is_in_stock', op: 'in', values: [false] }], size: 500 }));
  expect(outOfStock.items.map((item) => item.sku)).toContain(product.sku);
  await expectAsFullLoad(instance.catalog);
});

describe('a snapshot that cannot stand for the database is refused, and the catalogue loaded whole', () => {
  /** A snapshot of the catalogue as it stands, written as given. */
  async function written(
    ids: { code?: string; catalog?: string },
    state: (catalog: Catalog) => Parameters<typeof writeSnapshot>[1] = (catalog) => catalog.state()!,
  ) {
    const catalog = await fullLoad();
    await writeSnapshot(file, state(catalog), { code: ids.code ?? codeFingerprint(), catalog: ids.catalog ?? (await catalogId()) }, now);
  }

  test.each([
    ['written by another build', () => written({ code: 'another-build' }), /^written by another build of the shop$/],
    ['of another database', () => written({ catalog: 'another-database' }), /^taken of another database$/],
    [
      'ahead of the database (a backup restored under it)',
      () => written({}, (catalog) => ({ ...catalog.state()!, watermark: { seq: catalog.watermark!.seq + 1000, pending: [] } })),
      /^ahead of the database's change log \(seq \d+ > \d+: a database restored from a backup\?\)$/,
    ],
    [
      'cut short',
      async () => {
        await written({});
        fs.truncateSync(file, fs.statSync(file).size - 100);
      },
      /^unreadable \(the snapshot is cut short\)$/,
    ],
    [
      'damaged in its products',
      async () => {
        await written({});
        // Two products' lines run together (a line break lost).
        const bytes = fs.readFileSync(file);
        bytes[bytes.lastIndexOf(10, bytes.length - 2)] = 32;
        fs.writeFileSync(file, bytes);
      },
      /^unreadable \(.*JSON.*\)$/,
    ],
  ])('%s', async (_name, write, reason) => {
    await write();
    const instance = await startInstance();
    expect(instance.start.restored).toBe(false);
    expect(instance.start.refused).toMatch(reason);
    expect(instance.catalog.stats.fullReloads).toBe(1);
    await expectAsFullLoad(instance.catalog);
  });

  test('priced for another day: loaded and priced for today (a promotion that started today shows)', async () => {
    await written({});
    const product = simple(await fullLoad())[30];
    await editDoc(product.sku, (doc) => Object.assign(doc, { special_price: 10, special_from_date: '2026-11-22 00:00:00' }));
    const tomorrow = () => new Date('2026-11-22T08:00:00Z');
    const instance = await startInstance(tomorrow);
    expect(instance.start).toMatchObject({ restored: false, refused: 'priced for 2026-11-21, today is 2026-11-22' });
    expect(instance.catalog.bySkuLookup(product.sku)!.product.final_price_incl_tax).toBe(10);
  });

  test('older than the change log reaches (changes since were pruned): stale, refused', async () => {
    await written({});
    const [a, b] = simple(await fullLoad()).slice(40, 42);
    await editDoc(a.sku, (doc) => (doc.price = 55));
    await editDoc(b.sku, (doc) => (doc.price = 56));
    expect(await pruneChanges(db, 60 * 60_000, new Date(Date.now() + 2 * 60 * 60_000))).toBeGreaterThan(0);
    const instance = await startInstance();
    expect(instance.start.refused).toMatch(/^the change log no longer holds the changes after it \(seq \d+\)$/);
    expect(instance.catalog.bySkuLookup(a.sku)!.product.final_price_incl_tax).toBe(55);
    await expectAsFullLoad(instance.catalog);
  });
});

test('written again when the catalogue changed — not for stock alone until it is old, not when the file already holds it', async () => {
  fs.rmSync(file, { force: true });
  const writer = await startInstance();
  expect(await writer.snapshots.writeIfChanged()).toBe(true);
  expect(await writer.snapshots.writeIfChanged()).toBe(false);
  // Another instance started from it, and one loaded while it was being written: nothing to add.
  const restored = await startInstance();
  expect(restored.start.restored).toBe(true);
  expect(await restored.snapshots.writeIfChanged()).toBe(false);
  const loaded = new CatalogSnapshots(db, await fullLoad(), file, { clock, log });
  expect(await loaded.writeIfChanged()).toBe(false);

  // An instance that applied the same change, and orders' stock after it: the file holds its catalogue's latest change.
  const [c] = simple(writer.catalog).slice(48, 49);
  await editDoc(c.sku, (doc) => (doc.price = 555));
  await writer.sync.syncOnce();
  await restored.sync.syncOnce();
  expect(await writer.snapshots.writeIfChanged()).toBe(true);
  await db.kysely.updateTable('stock_item').set({ qty: 2 }).where('sku', '=', c.sku).execute();
  expect(await restored.sync.syncOnce()).toBe(1);
  expect(restored.catalog.watermark!.seq).toBeGreaterThan(readSnapshotHeader(file)!.watermark.seq);
  expect(await restored.snapshots.writeIfChanged()).toBe(false);
  await writer.sync.syncOnce();

  const [a, b] = simple(writer.catalog).slice(50, 52);
  await db.kysely.updateTable('stock_item').set({ qty: 1 }).where('sku', '=', a.sku).execute();
  expect(await writer.sync.syncOnce()).toBe(1);
  expect(await writer.snapshots.writeIfChanged()).toBe(false);
  const seq = readSnapshotHeader(file)!.watermark.seq;
  expect(seq).toBeLessThan(writer.catalog.watermark!.seq);
  // Stock alone: written again once the snapshot is REWRITE_AFTER_MS old (the change log keeps an hour).
  const started = now;
  now = new Date(started.getTime() + REWRITE_AFTER_MS);
  try {
    expect(await writer.snapshots.writeIfChanged()).toBe(true);
    expect(readSnapshotHeader(file)!.watermark.seq).toBe(writer.catalog.watermark!.seq);
  } finally {
    now = started;
  }
  await editDoc(b.sku, (doc) => (doc.price = 444));
  await writer.sync.syncOnce();
  expect(await writer.snapshots.writeIfChanged()).toBe(true);
  expect((await startInstance()).catalog.bySkuLookup(b.sku)!.product.final_price_incl_tax).toBe(444);
  expect(logged.filter((line) => line.startsWith('catalogue snapshot written: '))).not.toHaveLength(0);
  expect(await currentWatermark(db)).toEqual(writer.catalog.watermark);
});

test('a damaged header is no snapshot: the catalogue is loaded, and the next write replaces it', async () => {
  fs.writeFileSync(file, 'KALORYFER-CATALOG-SNAPSHOT\n{"format":1,"code":\n');
  expect(readSnapshotHeader(file)).toBeNull();
  const instance = await startInstance();
  expect(instance.start).toMatchObject({ restored: false, caughtUp: 0 });
  expect(await instance.snapshots.writeIfChanged()).toBe(true);
  expect(readSnapshotHeader(file)?.products).toBe(instance.catalog.products.length);
});

test('one writer at a time: a lock held by another instance is left to it; one left by a writer that died is taken', async () => {
  fs.rmSync(file, { force: true });
  const lock = `${file}.lock`;
  fs.writeFileSync(lock, '');
  const snapshots = new CatalogSnapshots(db, await fullLoad(), file, { clock, log });
  expect(await snapshots.writeIfChanged()).toBe(false);
  expect(fs.existsSync(file)).toBe(false);
  const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
  fs.utimesSync(lock, tenMinutesAgo, tenMinutesAgo);
  expect(await snapshots.writeIfChanged()).toBe(true);
  expect(readSnapshotHeader(file)).not.toBeNull();
  expect(fs.existsSync(lock)).toBe(false);
});
