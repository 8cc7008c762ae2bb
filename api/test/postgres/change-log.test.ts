import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/db/database';
import { currentWatermark, readChanges } from '../../src/db/change-log';
import { migrateToLatest } from '../../src/db/migrate';
import { freshTestDatabase, type TestDatabase } from '../test-database';

/**
 * The change log read on PostgreSQL (api/src/db/change-log.ts): in one statement the new watermark,
 * the changes after the old one — also those of a transaction that took its seq before the
 * watermark was read and committed after — the stock rows of the changed SKUs as of the new
 * watermark, and whether rows after the old one were pruned.
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await freshTestDatabase('/tmp', 'change_log');
  db = openDatabase(database.url);
  await migrateToLatest(db);
  await db.kysely
    .insertInto('stock_item')
    .values(
      ['KF-A', 'KF-B', 'KF-C'].map((sku, index) => ({
        sku,
        product_id: index + 1,
        parent_sku: null,
        qty: 10,
        is_in_stock: 1,
        manage_stock: 1,
        is_volatile: 0,
        min_sale_qty: 1,
        max_sale_qty: 100,
      })),
    )
    .execute();
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

const setQty = (executor: Db['kysely'], sku: string, qty: number) => executor.updateTable('stock_item').set({ qty }).where('sku', '=', sku).execute();

test('a transaction that took its seq before the watermark was read and committed after it is read the next time, with its stock row', async () => {
  const start = await currentWatermark(db);
  // A transaction writes KF-A (a lower seq) and stays open on a connection of its own …
  const slow = new pg.Client({ connectionString: database.url });
  await slow.connect();
  try {
    await slow.query('begin');
    await slow.query(`update stock_item set qty = 3 where sku = 'KF-A'`);
    // … while another writes KF-B (a higher seq) and commits.
    await setQty(db.kysely, 'KF-B', 7);
    const first = await readChanges(db, start, 1_000);
    expect(first.pruned).toBe(false);
    expect(first.changes.map((change) => `${change.sku}:${change.kind}`)).toEqual(['KF-B:stock']);
    expect(first.stockRows).toEqual([expect.objectContaining({ sku: 'KF-B', qty: 7, is_in_stock: 1 })]);
    expect(first.upTo.pending.length).toBeGreaterThan(0);
    const slowXid = (await slow.query(`select pg_current_xact_id()::text as xid`)).rows[0].xid as string;
    expect(first.upTo.pending).toContain(slowXid);

    await slow.query('commit');
    const second = await readChanges(db, first.upTo, 1_000);
    // KF-A's seq is below the watermark's: found by its transaction id.
    expect(second.changes.map((change) => `${change.sku}:${change.kind}`)).toEqual(['KF-A:stock']);
    expect(second.changes[0].seq).toBeLessThan(first.upTo.seq);
    expect(second.stockRows).toEqual([expect.objectContaining({ sku: 'KF-A', qty: 3 })]);
    expect(second.upTo.pending).not.toContain(slowXid);

    const third = await readChanges(db, second.upTo, 1_000);
    expect(third.changes).toEqual([]);
    expect(third.upTo.seq).toBe(second.upTo.seq);
  } finally {
    await slow.end();
  }
});

test('rows after the watermark pruned before they were read: said as pruned, nothing else', async () => {
  const start = await currentWatermark(db);
  await setQty(db.kysely, 'KF-C', 1);
  await setQty(db.kysely, 'KF-C', 2);
  expect((await readChanges(db, start, 1_000)).changes).toHaveLength(2);
  // The older of the two goes, as pruneChanges would take it: the log no longer holds every change after `start`.
  await sql`delete from catalog_change where seq = (select min(seq) from catalog_change where seq > ${start.seq})`.execute(db.kysely);
  await sql`delete from catalog_change where seq <= ${start.seq}`.execute(db.kysely);
  const read = await readChanges(db, start, 1_000);
  expect(read).toMatchObject({ pruned: true, changes: [] });
  expect(read.upTo).toEqual(start);
});

test('a change of more rows than one read holds comes whole, in seq order, without stock rows (the caller reads those)', async () => {
  const start = await currentWatermark(db);
  await sql`insert into catalog_change (sku, kind) select 'KF-BULK-' || n, 'stock' from generate_series(1, 5200) n`.execute(db.kysely);
  const read = await readChanges(db, start, 100_000);
  expect(read.changes).toHaveLength(5200);
  expect(read.changes.every((change, index) => index === 0 || change.seq > read.changes[index - 1].seq)).toBe(true);
  expect(read.stockRows).toBeUndefined();
  expect(read.truncated).toBe(false);
  expect((await readChanges(db, start, 4_000)).truncated).toBe(true);
});
