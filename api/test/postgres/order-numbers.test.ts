import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/db/database';
import { migrateTo, migrateToLatest } from '../../src/db/migrate';
import * as orderNumberMigration from '../../src/db/migrations/0019-order-number-sequence';
import type { Database } from '../../src/db/schema';
import { seedCatalog } from '../../src/seed/catalog-seed';
import { eventually, startTestServer, TEST_SEED, twoInstancesOfOneShop, type TestServer } from '../../harness/test-server';
import { orderClient, plainValve, stockedSimple } from '../order-helpers';
import { freshTestDatabase } from '../../harness/test-database';

/**
 * Order numbers on PostgreSQL come from the sequence `order_number` (issue #37, docs/orders.md
 * "Order numbers"): no lock shared by every order, one order per client order id as before, and
 * the documented gaps — a number taken by an order that then failed is skipped, an order refused
 * for stock takes none; and orders of the same SKUs, placed at once, never deadlock on their stock
 * rows. Two API instances on one database, as behind the balancer.
 */
let a: TestServer;
let b: TestServer;
twoInstancesOfOneShop((started) => ({ a, b } = started));

const clients = { a: orderClient(() => a), b: orderClient(() => b) };
const placeOn = (on: 'a' | 'b', body: unknown) => clients[on].call('POST', '/api/order', body);
const orderBody = (cartId: string) => clients.a.orderBody(cartId);

/** The highest number the sequence has given out (`last_value` before the first `nextval` is the start, not yet given). */
const lastTaken = async (db: Kysely<Database>) =>
  Number(
    (await sql<{ taken: string }>`select case when is_called then last_value else last_value - 1 end as taken from order_number`.execute(db)).rows[0].taken,
  );

async function placeOne(): Promise<number> {
  const placed = await placeOn('a', orderBody(await clients.a.cartWith(plainValve(a).sku, 1)));
  expect(placed.status).toBe(200);
  return Number(placed.body.result.orderNumber);
}

test('40 orders placed at once, each sent to both instances: one order per client order id, unique numbers from the sequence', async () => {
  const products = stockedSimple(a, 4);
  expect(products.length).toBeGreaterThanOrEqual(10);
  const before = await placeOne();
  const bodies = await Promise.all(Array.from({ length: 40 }, async (_, n) => orderBody(await clients.a.cartWith(products[n % products.length].sku, 1))));

  // Every order twice at once — on a and on b — like a retry that reached the other instance.
  const answers = await Promise.all(bodies.map((body) => Promise.all([placeOn('a', body), placeOn('b', body)])));

  for (const [first, second] of answers) {
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.result.orderNumber).toBe(first.body.result.orderNumber);
    expect([first.body.result.created, second.body.result.created].sort()).toEqual([false, true]);
  }
  const rows = await a.db.kysely
    .selectFrom('sales_order')
    .select(['client_order_id', 'increment_id'])
    .where(
      'client_order_id',
      'in',
      bodies.map((body) => body.order.order_id),
    )
    .execute();
  expect(rows).toHaveLength(40);
  expect(new Set(rows.map((row) => row.increment_id)).size).toBe(40);
  expect(rows.every((row) => /^\d{9}$/.test(row.increment_id))).toBe(true);
  expect(new Map(rows.map((row) => [row.client_order_id, row.increment_id]))).toEqual(
    new Map(bodies.map((body, n) => [body.order.order_id, answers[n][0].body.result.orderNumber as string])),
  );

  // Every number came from the sequence after the order before the burst; a number skipped is
  // one a losing twin took before the unique client order id refused it — at most one per pair.
  const numbers = rows.map((row) => Number(row.increment_id));
  const taken = await lastTaken(a.db.kysely);
  expect(Math.min(...numbers)).toBeGreaterThan(before);
  expect(Math.max(...numbers)).toBeLessThanOrEqual(taken);
  const skipped = taken - before - 40;
  expect(skipped).toBeGreaterThanOrEqual(0);
  expect(skipped).toBeLessThanOrEqual(40);
  // Rising: the next order is numbered after all of them, and no skipped number comes back.
  expect(await placeOne()).toBe(taken + 1);
}, 30_000);

test('buyers refused for stock take no number: 10 buyers of the last unit on two instances, the next number goes to the one order', async () => {
  const last = stockedSimple(a, 1).find((product) => product.sku !== plainValve(a).sku)!;
  const carts = await Promise.all(Array.from({ length: 10 }, () => clients.a.cartWith(last.sku, 1)));
  await a.db.kysely.updateTable('stock_item').set({ qty: 1 }).where('sku', '=', last.sku).execute();
  const before = await lastTaken(a.db.kysely);
  const answers = await Promise.all(carts.map((cartId, n) => placeOn(n % 2 === 0 ? 'a' : 'b', orderBody(cartId))));
  const placed = answers.filter((answer) => answer.status === 200);
  expect(placed).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
  expect(Number(placed[0].body.result.orderNumber)).toBe(before + 1);
  expect(await lastTaken(a.db.kysely)).toBe(before + 1);
}, 30_000);

test('orders of the same two SKUs, their lines in opposite orders, placed at once on both instances: every one placed, none deadlocked', async () => {
  const [x, y] = stockedSimple(a, 30).filter((product) => product.tier_prices.length === 0 && product.sku !== plainValve(a).sku);
  const carts = await Promise.all(
    Array.from({ length: 20 }, async (_, n) => {
      const [first, second] = n % 2 === 0 ? [x, y] : [y, x];
      const cartId = await clients.a.cartWith(first.sku, 1);
      expect((await clients.a.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: second.sku, qty: 1, quoteId: cartId } })).status).toBe(200);
      return cartId;
    }),
  );
  // Each order locks both stock rows; taken in each cart's order, two of them could each hold one and wait for the other.
  const answers = await Promise.all(carts.map((cartId, n) => placeOn(n % 4 < 2 ? 'a' : 'b', orderBody(cartId))));
  expect(answers.map((answer) => answer.status)).toEqual(carts.map(() => 200));
}, 30_000);

/** A row held by another session (`select … for update` in an open transaction) until `release` (once, however often called). */
async function holdRow(query: string, params: unknown[]) {
  const blocker = new pg.Client(a.db.url);
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query(query, params);
  let released: Promise<void> | undefined;
  return { release: () => (released ??= blocker.query('commit').then(() => blocker.end())) };
}

/** Until `count` sessions of the shop's database wait for a lock. */
const lockWaiters = (count: number) =>
  eventually(async () => {
    const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(a.db.kysely);
    return Number(rows[0].waiting) >= count;
  });

test('an order that has taken its number and not committed holds nobody up: the next order is placed meanwhile', async () => {
  const valve = plainValve(a);
  const other = stockedSimple(a, 2).find((product) => product.sku !== valve.sku)!;
  const slowCart = await clients.a.cartWith(valve.sku, 1);
  const before = await lastTaken(a.db.kysely);
  // The slow order's cart row is held: it reserves its stock, takes its number, writes its lines
  // and then waits to empty its cart — with its number taken and its transaction open.
  const cart = await holdRow('select id from cart where id = $1 for update', [slowCart]);
  let slow: ReturnType<typeof placeOn> | undefined;
  try {
    slow = placeOn('a', orderBody(slowCart));
    await lockWaiters(1);
    expect(await lastTaken(a.db.kysely)).toBe(before + 1);
    const next = placeOn('b', orderBody(await clients.b.cartWith(other.sku, 1)));
    // With the counter row of old, the next order would wait for the slow one's commit.
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      next.then(() => 'next'),
      slow.then(() => 'slow'),
      new Promise((resolve) => (timer = setTimeout(resolve, 10_000, 'neither'))),
    ]);
    clearTimeout(timer);
    expect(first).toBe('next');
    expect(await next).toMatchObject({ status: 200, body: { result: { orderNumber: String(before + 2).padStart(9, '0'), created: true } } });
  } finally {
    await cart.release();
  }
  // Numbers follow the moment they were taken, not the commit: the slow order keeps its lower number.
  expect(await slow).toMatchObject({ status: 200, body: { result: { orderNumber: String(before + 1).padStart(9, '0'), created: true } } });
}, 30_000);

test('a twin that fails after taking its number leaves exactly one gap, and the number is never given again', async () => {
  const valve = plainValve(a);
  const body = orderBody(await clients.a.cartWith(valve.sku, 1));
  const before = await lastTaken(a.db.kysely);
  // Hold the valve's stock row so both copies are inside their transactions, past the twin check, before either goes on.
  const stock = await holdRow('select qty from stock_item where sku = $1 for update', [valve.sku]);
  let answers: Awaited<ReturnType<typeof placeOn>>[];
  try {
    const sent = Promise.all([placeOn('a', body), placeOn('b', body)]);
    await lockWaiters(2);
    await stock.release();
    answers = await sent;
  } finally {
    await stock.release();
  }
  // The first copy took before + 1 and committed; the second waited for its stock row, took
  // before + 2, then met the unique client order id and answered with the first's order.
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  expect(answers.map((answer) => answer.body.result.orderNumber)).toEqual([String(before + 1).padStart(9, '0'), String(before + 1).padStart(9, '0')]);
  expect(answers.map((answer) => answer.body.result.created).sort()).toEqual([false, true]);
  expect(await lastTaken(a.db.kysely)).toBe(before + 2);
  expect(await a.db.kysely.selectFrom('sales_order').select('id').where('client_order_id', '=', body.order.order_id).execute()).toHaveLength(1);
  expect(await placeOne()).toBe(before + 3);
}, 30_000);

describe('an existing database', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshTestDatabase(os.tmpdir(), 'upgrade');
    drop = database.drop;
    db = openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  test('numbers on after its highest counter and order number; the previous release draws from the sequence; down hands the counter back', async () => {
    await migrateTo(db, '0018-mfe-canary');
    await db.kysely.insertInto('order_sequence').values({ store_code: 'pl', last_value: 41 }).execute();
    // An order numbered above the counter (say, imported from the old shop) and one with a number that is not one.
    const imported = (incrementId: string, n: number) => ({
      increment_id: incrementId,
      store_code: 'pl',
      client_order_id: `imported-${n}`,
      cart_id: `imported-cart-${n}`,
      customer_id: null,
      email: 'anna.kowalska@example.pl',
      status: 'processing' as const,
      payment_state: 'offline' as const,
      shipping_method: 'courier_courier',
      payment_method: 'cashondelivery',
      addresses: '{}',
      totals: '{}',
      grand_total_grosze: 100,
      created_at: '2026-11-20T10:00:00Z',
    });
    await db.kysely
      .insertInto('sales_order')
      .values([imported('000000057', 1), imported('IMP-2026-1', 2)])
      .execute();

    await migrateToLatest(db);
    await seedCatalog(db, { ...TEST_SEED, products: 60 });
    // The previous release's statements, as an instance of it still running would send them.
    const old = await db.kysely
      .updateTable('order_sequence')
      .set({ last_value: sql`last_value + 1` })
      .where('store_code', '=', 'pl')
      .returning('last_value')
      .executeTakeFirstOrThrow();
    expect(old.last_value).toBe(58);

    const server = await startTestServer({ databaseUrl: db.url });
    try {
      const client = orderClient(() => server);
      const placed = await client.call('POST', '/api/order', client.orderBody(await client.cartWith(plainValve(server).sku, 1)));
      expect(placed.status).toBe(200);
      expect(placed.body.result.orderNumber).toBe('000000059');
    } finally {
      await server.close();
    }

    await db.kysely.transaction().execute((trx) => orderNumberMigration.down(trx as unknown as Kysely<unknown>)); // in a transaction, as the migrator runs it
    expect(await db.kysely.selectFrom('order_sequence').selectAll().execute()).toEqual([{ store_code: 'pl', last_value: 59 }]);
    expect((await sql<{ gone: string | null }>`select to_regclass('order_number')::text as gone`.execute(db.kysely)).rows[0].gone).toBeNull();
  }, 30_000);
});
