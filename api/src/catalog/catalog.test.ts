import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { MemorySearchEngine } from '../search/memory/memory-engine';
import { parseSearch } from '../search/query-parser';
import { seedCatalog } from '../seed/catalog-seed';
import { freshTestDatabase } from '../../harness/test-database';
import { Catalog } from './catalog';

/** The catalogue follows the database and the calendar: changed rows after refresh(), promotions by the day. */
let dir: string;
let db: Db;
let now: Date;
let catalog: Catalog;
const engine = new MemorySearchEngine();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-catalog-'));
  db = openDatabase((await freshTestDatabase(dir, 'catalog')).url);
  await migrateToLatest(db);
  await seedCatalog(db, { products: 200, seed: 11, today: '2026-11-21' });
  now = new Date('2026-11-21T12:00:00Z');
  catalog = new Catalog(db, engine, () => now);
  await catalog.refresh();
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const inStock = async (sku: string) =>
  (
    await engine.search(
      parseSearch({
        type: 'product',
        query: {
          _appliedFilters: [
            { attribute: 'sku', value: sku },
            { attribute: 'stock.is_in_stock', value: true },
          ],
        },
      }),
    )
  ).total;

test('a stock change in the database shows in search after refresh()', async () => {
  const simple = catalog.products.find((product) => product.type_id === 'simple' && product.stock.is_in_stock)!;
  expect(await inStock(simple.sku)).toBe(1);
  await db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', simple.sku).execute();
  expect(await inStock(simple.sku)).toBe(1);
  await catalog.refresh();
  expect(await inStock(simple.sku)).toBe(0);
  expect(catalog.bySkuLookup(simple.sku)?.product.stock).toMatchObject({ qty: 0, is_in_stock: false });
});

test('a promotion that starts later is priced in on its first day', async () => {
  const future = catalog.products.find((product) => product.type_id === 'simple' && product.special_price && product.special_from_date! > '2026-11-21')!;
  expect(future).toBeDefined();
  expect(catalog.bySkuLookup(future.sku)?.product.final_price_incl_tax).toBe(future.original_price_incl_tax);
  now = new Date(`${future.special_from_date}T08:00:00Z`);
  await catalog.ensureCurrent();
  expect(catalog.bySkuLookup(future.sku)?.product.final_price_incl_tax).toBeLessThan(future.original_price_incl_tax!);
  const sale = await engine.search(
    parseSearch({
      type: 'product',
      query: {
        _appliedFilters: [
          { attribute: 'sale', value: true },
          { attribute: 'sku', value: future.sku },
        ],
      },
    }),
  );
  expect(sale.total).toBe(1);
});
