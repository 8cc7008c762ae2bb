import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { announceMail, enqueueMail } from '../src/mail/mail-queue';
import { MailWorker } from '../src/mail/mail-worker';
import { FileOutbox, type MailMessage, type Outbox } from '../src/mail/outbox';
import { retryDelayMs } from '../src/mail/retry-delay';
import { seedCatalog } from '../src/seed/catalog-seed';
import { TEST_SEED, TEST_TODAY } from '../harness/test-server';
import { ADDRESS } from './order-helpers';
import { freshTestDatabase } from '../harness/test-database';

/**
 * The mail outbox (issue #22): the order confirmation is a row of the order's transaction and
 * a worker delivers it — with retries and backoff, once, also when the process died between
 * the commit and the delivery.
 */
let varDir: string;
let databaseUrl: string;
let mailDir: string;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-outbox-'));
  databaseUrl = (await freshTestDatabase(varDir, 'shop')).url;
  mailDir = path.join(varDir, 'mail');
  const db = openDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedCatalog(db, TEST_SEED);
  await db.close();
});
afterAll(async () => {
  for (const handle of opened.reverse()) await handle.close().catch(() => {});
  fs.rmSync(varDir, { recursive: true, force: true });
});

function openDb(url = databaseUrl): Db {
  const db = openDatabase(url);
  opened.push(db);
  return db;
}

/** A database of its own (no catalogue): the worker tests see only their own messages. */
async function emptyDb(name: string): Promise<{ db: Db; url: string }> {
  const { url } = await freshTestDatabase(varDir, name);
  const db = openDb(url);
  await migrateToLatest(db);
  return { db, url };
}

/** One "process" of the shop: its own database connection and app, the same database file and mail directory. */
async function startShop(): Promise<{ app: FastifyInstance; db: Db; baseUrl: string }> {
  const config: Config = {
    ...loadConfig({}),
    varDir,
    port: 0,
    logLevel: 'silent',
    databaseUrl,
    publicOrigin: 'https://sklep.kaloryfer.test',
    mailDir,
    catalogSnapshot: path.join(varDir, 'catalog-snapshot.bin'),
    passwordScryptCost: 14,
  };
  const db = openDb();
  const app = await buildApp({ config, db, clock: () => new Date(`${TEST_TODAY}T12:00:00Z`) });
  opened.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, db, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

async function call(baseUrl: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result: any } };
}

async function placeOrder(shop: { app: FastifyInstance; baseUrl: string }, orderId: string) {
  const valve = shop.app.catalog.products.find(
    (product) =>
      product.type_id === 'simple' &&
      product.stock.is_in_stock &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      product.stock.qty >= 10 &&
      !product.custom_options &&
      product.tier_prices.length === 0 &&
      product.visibility >= 2,
  )!;
  const cartId = (await call(shop.baseUrl, 'POST', '/api/cart/create')).body.result as string;
  expect((await call(shop.baseUrl, 'POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: valve.sku, qty: 1, quoteId: cartId } })).status).toBe(200);
  const body = {
    order: {
      order_id: orderId,
      cart_id: cartId,
      addressInformation: {
        shippingAddress: ADDRESS,
        shipping_carrier_code: 'courier',
        shipping_method_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
    },
  };
  const placed = await call(shop.baseUrl, 'POST', '/api/order', body);
  expect(placed.status).toBe(200);
  return { orderNumber: placed.body.result.orderNumber as string, body };
}

const confirmationsOf = (orderNumber: string) =>
  (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).filter((name) => name.endsWith(`-potwierdzenie-zamowienia-${orderNumber}-kaloryfer.eml`));

test('an order committed just before a crash gets its confirmation exactly once, from the next start', async () => {
  const first = await startShop();
  await first.app.mailOutbox.stop(); // the process "dies" after the commit, before its worker ran
  const { orderNumber, body } = await placeOrder(first, 'crash-test-order-1');
  const queued = await first.db.kysely.selectFrom('mail_outbox').selectAll().where('dedupe_key', 'like', 'order-confirmation:%').execute();
  expect(queued).toHaveLength(1);
  expect(queued[0]).toMatchObject({ status: 'pending', attempts: 0, recipient: ADDRESS.email });
  expect(queued[0].subject).toContain(orderNumber);
  expect(confirmationsOf(orderNumber)).toHaveLength(0); // nothing was sent in process
  await first.app.close(); // no draining: the row is all that is left

  const second = await startShop();
  await second.app.mailOutbox.drain();
  expect(confirmationsOf(orderNumber)).toHaveLength(1);
  expect(await second.db.kysely.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', queued[0].id).executeTakeFirst()).toEqual({
    status: 'sent',
    attempts: 1,
  });
  const mail = fs.readFileSync(path.join(mailDir, confirmationsOf(orderNumber)[0]), 'utf8');
  expect(mail).toMatch(/^Message-ID: <order-confirmation\.\d+\.\d+@kaloryfer\.pl>\r?$/m);
  expect(mail).toMatch(/^To: anna\.kowalska@example\.pl\r?$/m);

  // The same order again (a retry from the browser) queues nothing; another restart sends nothing again.
  expect((await call(second.baseUrl, 'POST', '/api/order', body)).body.result).toMatchObject({ orderNumber, created: false });
  await second.app.mailOutbox.drain();
  await second.app.close();
  const third = await startShop();
  await third.app.mailOutbox.drain();
  expect(confirmationsOf(orderNumber)).toHaveLength(1);
  expect(await third.db.kysely.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', 'order-confirmation:%').execute()).toHaveLength(1);

  // A running shop delivers a new order's confirmation right after the commit.
  const next = await placeOrder(third, 'crash-test-order-2');
  await third.app.mailOutbox.drain();
  expect(confirmationsOf(next.orderNumber)).toHaveLength(1);
  await third.app.close();
});

const message = (n: number): MailMessage => ({ to: `klient${n}@example.pl`, subject: `Wiadomość ${n}`, text: `Treść ${n}`, html: `<p>Treść ${n}</p>` });

/** A clock the test moves: retries come due only when it says so. */
function testClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

test('a failing mail server: tried again after 2 s, 4 s, … and delivered once it answers; given up after the last attempt', async () => {
  const { db } = await emptyDb('retries');
  const clock = testClock();
  await enqueueMail(db.kysely, { key: 'retry-test:1', message: message(1), now: clock.now() });
  const tries: string[] = [];
  let failures = 2;
  const flaky: Outbox = {
    send: async (mail) => {
      tries.push(mail.subject);
      if (failures-- > 0) throw new Error('421 try again later');
    },
  };
  const warnings: string[] = [];
  const worker = new MailWorker(db, flaky, { now: clock.now, log: { warn: (line) => warnings.push(line), error: (line) => warnings.push(line) } });
  const row = () => db.kysely.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', 'retry-test:1').executeTakeFirstOrThrow();

  expect(await worker.deliverDue()).toBe(0);
  expect(await row()).toMatchObject({
    status: 'pending',
    attempts: 1,
    last_error: '421 try again later',
    next_attempt_at: new Date(clock.now().getTime() + 2_000).toISOString(),
  });
  clock.advance(1_999);
  await worker.deliverDue();
  expect(tries).toHaveLength(1); // not due yet
  clock.advance(1);
  expect(await worker.deliverDue()).toBe(0);
  expect(await row()).toMatchObject({ attempts: 2, next_attempt_at: new Date(clock.now().getTime() + 4_000).toISOString() });
  clock.advance(4_000);
  expect(await worker.deliverDue()).toBe(1);
  expect(await row()).toMatchObject({ status: 'sent', attempts: 3, last_error: null, locked_until: null });
  clock.advance(60 * 60_000);
  expect(await worker.deliverDue()).toBe(0);
  expect(tries).toHaveLength(3);
  expect(warnings.join('\n')).not.toContain('klient1@example.pl'); // logs mask the address
  expect(warnings[0]).toMatch(/retry-test:1 to k\*\*\*@example\.pl not sent \(attempt 1, next in 2 s\)/);

  await enqueueMail(db.kysely, { key: 'retry-test:dead', message: message(2), now: clock.now() });
  const dead = new MailWorker(
    db,
    {
      send: async () => {
        throw new Error('550 no such mailbox');
      },
    },
    { now: clock.now, maxAttempts: 3, log: { warn: () => {}, error: (line) => warnings.push(line) } },
  );
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await dead.deliverDue();
    clock.advance(retryDelayMs(attempt));
  }
  expect(await db.kysely.selectFrom('mail_outbox').select(['status', 'attempts']).where('dedupe_key', '=', 'retry-test:dead').executeTakeFirst()).toEqual({
    status: 'failed',
    attempts: 3,
  });
  expect(warnings.at(-1)).toMatch(/given up after 3 attempts: 550 no such mailbox/);
});

test('a message written but not marked sent (a crash in between) keeps its one file when sent again; two workers send each message once', async () => {
  const { db, url } = await emptyDb('once');
  const dir = path.join(varDir, 'mail-once');
  const files = new FileOutbox(dir);
  const clock = testClock(Date.parse('2031-01-01T00:00:00Z'));
  await enqueueMail(db.kysely, { key: 'once-test:1', message: message(3), now: clock.now() });
  // The file is written, then the process "dies" before the row says sent (here: the call fails after writing).
  const crashing: Outbox = {
    send: async (mail) => {
      await files.send(mail);
      throw new Error('killed after writing');
    },
  };
  await new MailWorker(db, crashing, { now: clock.now, log: { warn: () => {}, error: () => {} } }).deliverDue();
  expect(fs.readdirSync(dir)).toHaveLength(1);
  clock.advance(2_000);
  expect(await new MailWorker(db, files, { now: clock.now }).deliverDue()).toBe(1);
  expect(fs.readdirSync(dir)).toHaveLength(1);

  for (let n = 10; n < 40; n += 1) await enqueueMail(db.kysely, { key: `once-test:${n}`, message: message(n), now: clock.now() });
  const sent: string[] = [];
  const slow = (): Outbox => ({
    send: async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(mail.subject);
    },
  });
  const [a, b] = await Promise.all([
    new MailWorker(openDb(url), slow(), { now: clock.now }).deliverDue(),
    new MailWorker(openDb(url), slow(), { now: clock.now }).deliverDue(),
  ]);
  expect(a + b).toBe(30);
  expect(new Set(sent).size).toBe(30);
  expect(sent).toHaveLength(30);
});

test('the file outbox makes its folder again when it was removed between two messages (a cleaned var/ folder)', async () => {
  const dir = path.join(varDir, 'mail-removed');
  const files = new FileOutbox(dir);
  await files.send({ ...message(1), id: 'mail1' });
  await files.send(message(2));
  expect(fs.readdirSync(dir)).toHaveLength(2);
  fs.rmSync(dir, { recursive: true });
  await files.send({ ...message(3), id: 'mail3' });
  fs.rmSync(dir, { recursive: true });
  await files.send(message(4));
  const names = fs.readdirSync(dir);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/\.eml$/);
});

test('messages queued in this process one after another go out together after the gather time: one batch, not one per message', async () => {
  const { db } = await emptyDb('gather');
  const sent: string[] = [];
  const worker = new MailWorker(db, { send: async (mail) => void sent.push(mail.subject) }, { gatherMs: 150, pollMs: 60_000 });
  worker.start();
  await worker.drain(); // the start's pass: nothing queued yet
  const batchesBefore = worker.batches;
  for (let n = 1; n <= 5; n += 1) {
    await enqueueMail(db.kysely, { key: `gather-test:${n}`, message: message(n) });
    announceMail(db);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent).toEqual([]); // still gathering
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(sent).toEqual(['Wiadomość 1', 'Wiadomość 2', 'Wiadomość 3', 'Wiadomość 4', 'Wiadomość 5']);
  expect(worker.batches - batchesBefore).toBe(1);
  await worker.stop();
});
