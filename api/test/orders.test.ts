import { round2 } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { eventually, startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { ADDRESS, orderClient, plainValve, stockedSimple } from './order-helpers';

/** POST /api/order over HTTP: server prices, one order per client order id, stock reserved atomically, bad input → 4xx. */
let server: TestServer;
let valve: Product;

const { call, cartWith, orderBody } = orderClient(() => server);
const countOf = async (table: 'sales_order' | 'mail_outbox') =>
  Number(
    (
      await server.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stockOf = async (sku: string) =>
  server.db.kysely.selectFrom('stock_item').select(['qty', 'is_in_stock']).where('sku', '=', sku).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  valve = plainValve(server);
});
afterAll(() => server.close());

test("an order is the server cart at the server's prices: client prices ignored, sequential numbers, stock down, cart emptied", async () => {
  const cartId = await cartWith(valve.sku, 2);
  const before = await stockOf(valve.sku);
  const placed = await call(
    'POST',
    '/api/order',
    orderBody(cartId, { products: [{ sku: valve.sku, qty: 2, price: 0.01, price_incl_tax: 0.01 }], grand_total: 0.02 }),
  );
  expect(placed.status).toBe(200);
  const expected = round2(valve.final_price_incl_tax! * 2 + 29 + 9.99);
  expect(placed.body.result).toMatchObject({
    orderNumber: expect.stringMatching(/^\d{9}$/),
    status: 'processing',
    paymentState: 'offline',
    grandTotal: expected,
    created: true,
  });
  expect((await stockOf(valve.sku)).qty).toBe(before.qty - 2);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toEqual([]);
  const next = await call('POST', '/api/order', orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: 'payu_blik' }));
  expect(Number(next.body.result.orderNumber)).toBe(Number(placed.body.result.orderNumber) + 1);
  expect(next.body.result).toMatchObject({ status: 'pending_payment', paymentState: 'awaiting' });
  const row = await server.db.kysely.selectFrom('sales_order_item').selectAll().where('order_id', '=', placed.body.result.backendOrderId).execute();
  expect(row).toEqual([expect.objectContaining({ sku: valve.sku, qty: 2, price_grosze: Math.round(valve.final_price_incl_tax! * 100) })]);
});

test('the same order sent twice at once (double click, retry) is one order, answered to both', async () => {
  const cartId = await cartWith(valve.sku, 1);
  const body = orderBody(cartId);
  const before = await stockOf(valve.sku);
  const [first, second] = await Promise.all([call('POST', '/api/order', body), call('POST', '/api/order', body)]);
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(first.body.result.orderNumber).toBe(second.body.result.orderNumber);
  expect([first.body.result.created, second.body.result.created].sort()).toEqual([false, true]);
  const replay = await call('POST', '/api/order', body);
  expect(replay.body.result).toMatchObject({ orderNumber: first.body.result.orderNumber, created: false });
  expect((await stockOf(valve.sku)).qty).toBe(before.qty - 1);
  const rows = await server.db.kysely.selectFrom('sales_order').select('id').where('client_order_id', '=', body.order.order_id).execute();
  expect(rows).toHaveLength(1);
  const elsewhere = await call('POST', '/api/order', { order: { ...orderBody(await cartWith(valve.sku, 1)).order, order_id: body.order.order_id } });
  expect(elsewhere.status).toBe(409);
});

test("20 buyers of the last unit at once: exactly one order, the others hear the spec's message", async () => {
  const last = stockedSimple(server).find((product) => product.sku !== valve.sku)!;
  const carts = await Promise.all(Array.from({ length: 20 }, () => cartWith(last.sku, 1)));
  await server.db.kysely.updateTable('stock_item').set({ qty: 1 }).where('sku', '=', last.sku).execute();
  const answers = await Promise.all(carts.map((cartId) => call('POST', '/api/order', orderBody(cartId))));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(refused.map((answer) => [answer.status, answer.body.result])).toEqual(Array(19).fill([409, 'Some of the ordered products are not available']));
  expect(await stockOf(last.sku)).toEqual({ qty: 0, is_in_stock: 0 });
  // The catalogue's copy follows the order at once: a new cart hears it is gone, listings drop it.
  const another = (await call('POST', '/api/cart/create')).body.result as string;
  const late = await call('POST', `/api/cart/update?cartId=${another}`, { cartItem: { sku: last.sku, qty: 1, quoteId: another } });
  expect([late.status, late.body.result]).toEqual([400, 'The product is out of stock and cannot be added to the cart!']);
  expect(server.app.catalog.products.find((product: Product) => product.sku === last.sku)!.stock).toMatchObject({ qty: 0, is_in_stock: false });
  // The refused carts keep their lines: nothing was lost.
  expect((await call('GET', `/api/cart/pull?cartId=${carts[answers.findIndex((answer) => answer.status === 409)]}`)).body.result).toHaveLength(1);
});

test.each<[string, (cartId: string) => unknown, number, string | RegExp]>([
  ['no body', () => undefined, 400, /body/],
  ['malformed JSON', () => '{"order": ', 400, /JSON|body/i],
  // No order id at all is VSF's form: placed once by a key derived from the cart (api/test/vsf-compat.test.ts).
  ['an order id that is not one', (cartId) => ({ order: { ...orderBody(cartId).order, order_id: 'x y' } }), 400, /order_id/],
  ['an unknown cart', () => orderBody('x'.repeat(24)), 404, 'No such cart'],
  ['a bad e-mail', (cartId) => orderBody(cartId, {}, { shippingAddress: { ...ADDRESS, email: 'anna@' } }), 400, 'Please provide valid e-mail address'],
  ['a one-letter name', (cartId) => orderBody(cartId, {}, { shippingAddress: { ...ADDRESS, firstname: 'A' } }), 400, /Name must have at least/],
  [
    'a postcode not in xx-xxx',
    (cartId) => orderBody(cartId, {}, { shippingAddress: { ...ADDRESS, postcode: '30001' } }),
    400,
    'Enter the zip code in the xx-xxx format',
  ],
  [
    'a wrong phone number',
    (cartId) => orderBody(cartId, {}, { shippingAddress: { ...ADDRESS, telephone: '12 34' } }),
    400,
    'The phone number you entered is incorrect',
  ],
  [
    'a NIP with a wrong checksum',
    (cartId) => orderBody(cartId, {}, { billingAddress: { ...ADDRESS, company: 'Ciepło sp. z o.o.', vat_id: '5260250275' } }),
    400,
    'The tax identification number (NIP) is not valid',
  ],
  ['an address abroad', (cartId) => orderBody(cartId, {}, { shippingAddress: { ...ADDRESS, country_id: 'DE' } }), 400, /Poland only/],
  ['a shipping method that does not exist', (cartId) => orderBody(cartId, {}, { shipping_carrier_code: 'ufo' }), 400, /not available/],
  ['an unknown payment method', (cartId) => orderBody(cartId, {}, { payment_method_code: 'bitcoin' }), 400, /not available/],
])('%s → refused, nothing placed', async (_name, body, status, message) => {
  const cartId = await cartWith(valve.sku, 1);
  const before = await stockOf(valve.sku);
  const answer = await call('POST', '/api/order', body(cartId));
  expect(answer.status).toBe(status);
  expect(answer.body.result).toMatch(message);
  expect(await stockOf(valve.sku)).toEqual(before);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toHaveLength(1);
});

test('an order of two products, one of them short: all or nothing — no stock taken, no number, no e-mail, the cart keeps both lines', async () => {
  const [plenty, short] = stockedSimple(server, 5)
    .filter((product) => product.sku !== valve.sku)
    .slice(-2);
  const cartId = await cartWith(plenty.sku, 2);
  expect((await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: short.sku, qty: 3, quoteId: cartId } })).status).toBe(200);
  await server.db.kysely.updateTable('stock_item').set({ qty: 2 }).where('sku', '=', short.sku).execute();
  const before = { plenty: await stockOf(plenty.sku), orders: await countOf('sales_order'), mails: await countOf('mail_outbox') };
  const refused = await call('POST', '/api/order', orderBody(cartId));
  expect([refused.status, refused.body.result]).toEqual([409, 'Some of the ordered products are not available']);
  expect(await stockOf(plenty.sku)).toEqual(before.plenty);
  expect(await stockOf(short.sku)).toEqual({ qty: 2, is_in_stock: 1 });
  expect(await countOf('sales_order')).toBe(before.orders);
  expect(await countOf('mail_outbox')).toBe(before.mails);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result.map((line: { sku: string; qty: number }) => [line.sku, line.qty])).toEqual([
    [plenty.sku, 2],
    [short.sku, 3],
  ]);
  // With enough stock again the same cart is ordered, and its number follows the last one: the refusal took none.
  const last = await server.db.kysely.selectFrom('sales_order').select('increment_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await server.db.kysely.updateTable('stock_item').set({ qty: 10 }).where('sku', '=', short.sku).execute();
  // The catalogue's stock follows the table from the change log (at once on SQLite's next read, at the commit's notification on PostgreSQL).
  await eventually(async () => server.app.catalog.bySkuLookup(short.sku)?.product.stock.qty === 10);
  const placed = await call('POST', '/api/order', orderBody(cartId, {}, { payment_method_code: 'banktransfer' }));
  expect(placed.status).toBe(200);
  const number = placed.body.result.orderNumber as string;
  expect(Number(number)).toBe(Number(last.increment_id) + 1);
  expect(await stockOf(plenty.sku)).toEqual({ ...before.plenty, qty: before.plenty.qty - 2 });
  expect((await stockOf(short.sku)).qty).toBe(7);
  // The confirmation names the order's number wherever it says it (subject, text, the transfer's title, HTML).
  const mail = await server.db.kysely
    .selectFrom('mail_outbox')
    .selectAll()
    .where('dedupe_key', '=', `order-confirmation:${placed.body.result.backendOrderId}`)
    .executeTakeFirstOrThrow();
  expect(mail.subject).toBe(`Potwierdzenie zamówienia ${number} – Kaloryfer`);
  expect(mail.text).toContain(`Dziękujemy za zamówienie nr ${number}.`);
  expect(mail.text).toContain(`tytuł: „Zamówienie ${number}”`);
  expect(mail.html).toContain(`<h1>Dziękujemy za zamówienie nr ${number}</h1>`);
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/#[\w-]{12}#/);
  const lines = await server.db.kysely
    .selectFrom('sales_order_item')
    .select(['sku', 'qty'])
    .where('order_id', '=', placed.body.result.backendOrderId)
    .orderBy('id')
    .execute();
  expect(lines).toEqual([
    { sku: plenty.sku, qty: 2 },
    { sku: short.sku, qty: 3 },
  ]);
});

test('an empty cart cannot be ordered', async () => {
  const cartId = (await call('POST', '/api/cart/create')).body.result as string;
  const answer = await call('POST', '/api/order', orderBody(cartId));
  expect([answer.status, answer.body.result]).toEqual([400, 'Shopping cart is empty, add products before entering Checkout']);
});
