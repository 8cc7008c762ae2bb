import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/db/database';
import { migrateTo, migrateToLatest, MIGRATION_NAMES } from '../src/db/migrate';
import { seedCatalog } from '../src/seed/catalog-seed';
import { startTestServer, TEST_SEED, TEST_TODAY } from '../harness/test-server';
import { freshTestDatabase, type TestDatabase } from '../harness/test-database';

/**
 * Migrations run forward on SQLite and on PostgreSQL (this file runs in both suites): from an
 * empty database, and from the schema of the previous release with a shop's rows in it — the
 * rows stay and the shop runs on the result.
 */
/** The newest migration of the release before this one (move it on when a release lands). */
const PREVIOUS_RELEASE = '0011-mail-outbox';

let varDir: string;
const databases: TestDatabase[] = [];
const opened: Db[] = [];
beforeAll(() => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-migrations-'));
});
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => {});
  for (const database of databases) await database.drop();
  fs.rmSync(varDir, { recursive: true, force: true });
});

async function emptyDatabase(name: string): Promise<{ db: Db; url: string }> {
  const database = await freshTestDatabase(varDir, name);
  databases.push(database);
  const db = openDatabase(database.url);
  opened.push(db);
  return { db, url: database.url };
}

test('an empty database takes every migration, in order, once', async () => {
  const { db } = await emptyDatabase('empty');
  expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
  expect(await migrateToLatest(db)).toEqual([]);
  expect(MIGRATION_NAMES).toContain(PREVIOUS_RELEASE);
});

test("the previous release's database with a shop in it: migrated up, its rows kept, the shop runs on it", async () => {
  const { db, url } = await emptyDatabase('previous');
  await migrateTo(db, PREVIOUS_RELEASE);
  await seedCatalog(db, { ...TEST_SEED, products: 60 });
  await db.kysely
    .insertInto('cart')
    .values({
      id: 'koszyk-z-poprzedniej-wersji',
      customer_id: null,
      coupon_code: null,
      shipping_method: null,
      payment_method: null,
      created_at: `${TEST_TODAY}T10:00:00Z`,
      updated_at: `${TEST_TODAY}T10:00:00Z`,
    })
    .execute();
  const before = await counts(db);

  const applied = await migrateToLatest(db);
  expect(applied).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(PREVIOUS_RELEASE) + 1));
  expect(applied.length).toBeGreaterThan(0);
  expect(await counts(db)).toEqual(before);

  const server = await startTestServer({ databaseUrl: url });
  try {
    const pulled = await fetch(`${server.baseUrl}/api/cart/pull?cartId=koszyk-z-poprzedniej-wersji`);
    expect(pulled.status).toBe(200);
    const search = (await (await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search?size=5`)).json()) as { total: number };
    expect(search.total).toBeGreaterThan(0);
    // The rate limits' new table works: the sixth wrong password is refused.
    const statuses = [];
    for (let n = 0; n < 6; n += 1) {
      statuses.push(
        (
          await fetch(`${server.baseUrl}/api/user/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'nikt@example.pl', password: `zle-haslo-${n}` }),
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  } finally {
    await server.close();
  }
});

test("a cart line stored with the old identity (SHA-1 of the API's own) still adds up after 0013-line-identity", async () => {
  const { db, url } = await emptyDatabase('line-identity');
  await migrateTo(db, '0012-shared-state');
  await seedCatalog(db, { ...TEST_SEED, products: 60 });
  const stocked = await db.kysely
    .selectFrom('stock_item')
    .innerJoin('product', 'product.id', 'stock_item.product_id')
    .select('stock_item.sku')
    .where('product.type_id', '=', 'simple')
    .where('product.status', '=', 1)
    .where('stock_item.is_in_stock', '=', 1)
    .where((eb) => eb.or([eb('stock_item.manage_stock', '=', 0), eb('stock_item.qty', '>=', 5)]))
    .where('stock_item.max_sale_qty', '>=', 5)
    .orderBy('stock_item.sku')
    .executeTakeFirstOrThrow();
  const at = `${TEST_TODAY}T10:00:00Z`;
  await db.kysely
    .insertInto('cart')
    .values({
      id: 'koszyk-ze-starym-wierszem',
      customer_id: null,
      coupon_code: null,
      shipping_method: null,
      payment_method: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const oldChecksum = createHash('sha1')
    .update(JSON.stringify([stocked.sku, { bundle: null, custom: null }]))
    .digest('hex');
  await db.kysely
    .insertInto('cart_item')
    .values({ cart_id: 'koszyk-ze-starym-wierszem', sku: stocked.sku, qty: 1, product_option: null, checksum: oldChecksum, created_at: at })
    .execute();

  await migrateToLatest(db);
  const server = await startTestServer({ databaseUrl: url });
  try {
    const cart = `${server.baseUrl}/api/cart`;
    const added = await fetch(`${cart}/update?cartId=koszyk-ze-starym-wierszem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartItem: { sku: stocked.sku, qty: 2 } }),
    });
    expect(added.status).toBe(200);
    const pulled = (await (await fetch(`${cart}/pull?cartId=koszyk-ze-starym-wierszem`)).json()) as { result: { sku: string; qty: number }[] };
    expect(pulled.result.map(({ sku, qty }) => ({ sku, qty }))).toEqual([{ sku: stocked.sku, qty: 3 }]);
  } finally {
    await server.close();
  }
});

async function counts(db: Db): Promise<Record<string, number>> {
  const tables = ['product', 'stock_item', 'category', 'cms_page', 'cart'] as const;
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}
