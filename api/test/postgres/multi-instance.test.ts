import fs from 'node:fs';
import path from 'node:path';
import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { eventually, twoInstancesOfOneShop, type TestServer } from '../../harness/test-server';
import { signatureHeader } from '../../src/payments/signature';
import { orderClient } from '../order-helpers';

/**
 * Two API instances on one PostgreSQL database — two processes behind a balancer, each with its
 * own pool, in-memory catalogue, search index, mail worker and change feed (issue #23). Whatever
 * instance a request lands on, the shop is one shop: changes reach both indexes, a background
 * job runs once, an order is placed once, rate limits and revocations count on both.
 * (PostgreSQL only: SQLite is one process's embedded file.)
 */
let a: TestServer;
let b: TestServer;
twoInstancesOfOneShop((started) => ({ a, b } = started));

async function call(on: TestServer, method: string, url: string, body?: unknown) {
  const response = await fetch(on.baseUrl + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { code: number; result: any; meta?: any } };
}

const plainProducts = (server: TestServer): Product[] =>
  server.app.catalog.products.filter(
    (product: Product) =>
      isViewable(product) &&
      product.type_id === 'simple' &&
      product.stock.is_in_stock &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      !product.custom_options &&
      product.tier_prices.length === 0,
  );

/** Each instance's cart and order calls (order-helpers): one shop, two doors. */
const clients = { a: orderClient(() => a), b: orderClient(() => b) };
const client = (on: TestServer) => (on === a ? clients.a : clients.b);
const cartWith = (on: TestServer, sku: string, qty: number) => client(on).cartWith(sku, qty);
const orderOf = (cartId: string, info: Record<string, unknown> = {}) => client(a).orderBody(cartId, {}, info);

const inStockListing = async (on: TestServer, sku: string) => {
  const query = encodeURIComponent(
    JSON.stringify({
      _appliedFilters: [
        { attribute: 'sku', value: sku },
        { attribute: 'stock.is_in_stock', value: true },
      ],
    }),
  );
  return (await call(on, 'GET', `/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${query}`)).body as unknown as { total: number };
};

test("the last unit bought through one instance leaves the other instance's in-stock listing at commit, not at a poll", async () => {
  const product = plainProducts(a).find(
    (candidate) => candidate.stock.qty <= 60 && (candidate.stock.max_sale_qty === 0 || candidate.stock.max_sale_qty >= candidate.stock.qty),
  )!;
  expect(product).toBeDefined();
  expect((await inStockListing(b, product.sku)).total).toBe(1);
  const placed = await call(a, 'POST', '/api/order', orderOf(await cartWith(a, product.sku, product.stock.qty)));
  expect(placed.status).toBe(200);
  await eventually(async () => (await inStockListing(b, product.sku)).total === 0); // the safety-net poll is 60 s: only the feed can do this
  expect(b.app.catalog.bySkuLookup(product.sku)!.product.stock).toMatchObject({ qty: 0, is_in_stock: false });
  // And the other way round: bought out on b → a cannot sell it either.
  const cart = await cartWith(b, plainProducts(b)[0].sku, 1);
  expect((await call(b, 'POST', '/api/order', orderOf(cart))).status).toBe(200);
  const refused = await call(a, 'POST', `/api/cart/update?cartId=${(await call(a, 'POST', '/api/cart/create')).body.result}`, {
    cartItem: { sku: product.sku, qty: 1 },
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
});

test("a catalogue edit (an import, an editor) reaches both instances' catalogues", async () => {
  const product = plainProducts(a)[3];
  const row = await a.db.kysely.selectFrom('product').select(['id', 'doc']).where('sku', '=', product.sku).executeTakeFirstOrThrow();
  const doc = JSON.parse(row.doc) as { name: string };
  await a.db.kysely
    .updateTable('product')
    .set({ doc: JSON.stringify({ ...doc, name: `${doc.name} (nowa seria)` }) })
    .where('id', '=', row.id)
    .execute();
  for (const instance of [a, b]) {
    await eventually(async () => instance.app.catalog.bySkuLookup(product.sku)?.product.name === `${doc.name} (nowa seria)`);
  }
});

test('the same order sent to both instances at once is placed once, and both answer with it', async () => {
  for (let round = 0; round < 5; round += 1) {
    const product = plainProducts(a)[10 + round];
    const body = orderOf(await cartWith(a, product.sku, 1));
    const [first, second] = await Promise.all([call(a, 'POST', '/api/order', body), call(b, 'POST', '/api/order', body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.result.orderNumber).toBe(first.body.result.orderNumber);
    const rows = await a.db.kysely.selectFrom('sales_order').select('id').where('client_order_id', '=', body.order.order_id).execute();
    expect(rows).toHaveLength(1);
  }
});

test("each confirmation e-mail is sent once although both instances' mail workers are running", async () => {
  const numbers: string[] = [];
  const ids: number[] = [];
  for (let n = 0; n < 6; n += 1) {
    const on = n % 2 === 0 ? a : b;
    const placed = await call(on, 'POST', '/api/order', orderOf(await cartWith(on, plainProducts(on)[20 + n].sku, 1)));
    expect(placed.status).toBe(200);
    numbers.push(placed.body.result.orderNumber as string);
    ids.push(placed.body.result.backendOrderId as number);
  }
  await Promise.all([a.app.mailOutbox.drain(), b.app.mailOutbox.drain()]);
  const mailDir = path.join(a.varDir, 'mail');
  await eventually(async () => numbers.every((number) => fs.readdirSync(mailDir).some((name) => name.includes(`-${number}-`))));
  for (const number of numbers) {
    expect(fs.readdirSync(mailDir).filter((name) => name.includes(`-potwierdzenie-zamowienia-${number}-`))).toHaveLength(1);
  }
  const rows = await a.db.kysely
    .selectFrom('mail_outbox')
    .select(['status', 'attempts'])
    .where(
      'dedupe_key',
      'in',
      ids.map((id) => `order-confirmation:${id}`),
    )
    .execute();
  expect(rows).toHaveLength(ids.length);
  expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
});

test('rate limits count on both instances: wrong passwords spread over them are refused together', async () => {
  const email = 'halina@example.pl';
  expect(
    (await call(a, 'POST', '/api/user/create', { customer: { email, firstname: 'Halina', lastname: 'Wiśniewska' }, password: 'tajne-haslo-1' })).status,
  ).toBe(200);
  for (let n = 0; n < 5; n += 1) {
    expect((await call(n % 2 === 0 ? a : b, 'POST', '/api/user/login', { username: email, password: `zle-haslo-${n}` })).status).toBe(401);
  }
  for (const instance of [a, b]) {
    const refused = await call(instance, 'POST', '/api/user/login', { username: email, password: 'tajne-haslo-1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

test('a session ended or revoked on one instance is ended on the other; a token from one works on the other', async () => {
  const email = 'marek@example.pl';
  await call(b, 'POST', '/api/user/create', { customer: { email, firstname: 'Marek', lastname: 'Zieliński' }, password: 'tajne-haslo-1' });
  const first = (await call(a, 'POST', '/api/user/login', { username: email, password: 'tajne-haslo-1' })).body;
  expect((await call(b, 'GET', `/api/user/me?token=${first.result}`)).status).toBe(200);
  // Rotated on a, the old refresh token reused on b: the whole family is revoked everywhere.
  const rotated = (await call(a, 'POST', '/api/user/refresh', { refreshToken: first.meta.refreshToken })).body;
  expect(rotated.code).toBe(200);
  expect((await call(b, 'POST', '/api/user/refresh', { refreshToken: first.meta.refreshToken })).status).toBe(401);
  expect((await call(a, 'POST', '/api/user/refresh', { refreshToken: rotated.meta.refreshToken })).status).toBe(401);
  expect((await call(a, 'GET', `/api/user/me?token=${rotated.result}`)).status).toBe(401);
  // Logged out on b → a refuses the session too.
  const second = (await call(a, 'POST', '/api/user/login', { username: email, password: 'tajne-haslo-1' })).body;
  expect((await call(b, 'POST', `/api/user/logout?token=${second.result}`, { refreshToken: second.meta.refreshToken })).status).toBe(200);
  expect((await call(a, 'GET', `/api/user/me?token=${second.result}`)).status).toBe(401);
});

test("a logout on one instance stops the token's cart, order and wishlist calls on the other within seconds (not when it expires)", async () => {
  const email = 'ewa@example.pl';
  await call(a, 'POST', '/api/user/create', { customer: { email, firstname: 'Ewa', lastname: 'Nowak' }, password: 'tajne-haslo-1' });
  const session = (await call(a, 'POST', '/api/user/login', { username: email, password: 'tajne-haslo-1' })).body;
  const token = encodeURIComponent(session.result as string);
  const sku = plainProducts(a)[40].sku;
  const cartId = (await call(a, 'POST', `/api/cart/create?token=${token}`)).body.result as string;
  // Instance a serves the session: it now trusts it for a few seconds.
  expect((await call(a, 'GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).status).toBe(200);
  expect((await call(a, 'GET', `/api/wishlist?token=${token}`)).status).toBe(200);
  const started = Date.now();
  expect((await call(b, 'POST', `/api/user/logout?token=${token}`, { refreshToken: session.meta.refreshToken })).status).toBe(200);
  // Instance a may trust the session for up to LIVE_FAMILY_TRUST_MS; then every kind of call refuses it.
  await eventually(async () => (await call(a, 'GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).status === 401, 6_000);
  expect(Date.now() - started).toBeLessThan(6_000);
  const answers = await Promise.all([
    call(a, 'POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } }),
    call(a, 'POST', `/api/order?token=${token}`, orderOf(cartId)),
    call(a, 'GET', `/api/wishlist?token=${token}`),
    call(a, 'POST', `/api/cart/create?token=${token}`),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
  // On the instance that logged it out: at once.
  expect((await call(b, 'GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).status).toBe(401);
}, 20_000); // up to LIVE_FAMILY_TRUST_MS (5 s) of trust on the other instance

test('a payment notification delivered to both instances at once (the gateway repeats) is applied once', async () => {
  const key = fs.readFileSync(path.join(a.varDir, 'payment-key'));
  for (let round = 0; round < 3; round += 1) {
    const body = orderOf(await cartWith(a, plainProducts(a)[30 + round].sku, 1), { payment_method_code: 'payu_gateway' });
    const placed = (await call(a, 'POST', '/api/order', body)).body.result as { orderNumber: string; grandTotal: number };
    const payment = await a.db.kysely
      .selectFrom('payment')
      .innerJoin('sales_order', 'sales_order.id', 'payment.order_id')
      .select(['gateway_order_id'])
      .where('increment_id', '=', placed.orderNumber)
      .executeTakeFirstOrThrow();
    const notification = JSON.stringify({
      order: {
        orderId: payment.gateway_order_id,
        extOrderId: placed.orderNumber,
        totalAmount: String(Math.round(placed.grandTotal * 100)),
        currencyCode: 'PLN',
        status: 'COMPLETED',
      },
    });
    const send = (to: TestServer) =>
      fetch(`${to.baseUrl}/api/payment/notify`, {
        method: 'POST',
        body: notification,
        headers: { 'content-type': 'application/json', 'openpayu-signature': signatureHeader(notification, key, 'sandbox') },
      }).then(async (response) => ({ status: response.status, outcome: ((await response.json()) as { result: string }).result }));
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(['applied', 'unchanged', 'unchanged', 'unchanged']);
    const order = await a.db.kysely
      .selectFrom('sales_order')
      .select(['payment_state', 'status'])
      .where('increment_id', '=', placed.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ payment_state: 'paid', status: 'processing' });
  }
});
