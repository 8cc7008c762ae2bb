import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { plainValve } from './order-helpers';
import { vsfOrder } from '../harness/vsf/order';
import { replayVsfCalls, type ReplayResult } from '../harness/vsf/replay';

/** VSF 1.12's client, replayed (api/harness/vsf/): every non-search call accepted and answered with what its code reads. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

/** The reset link's token from the newest e-mail to this address in the file outbox. */
async function resetTokenFor(email: string): Promise<string | undefined> {
  const dir = path.join(server.varDir, 'mail');
  const mails = fs.readdirSync(dir).map((file) =>
    fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
  const link = mails
    .map((mail) => new RegExp(`create-password\\?email=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&resetToken=([\\w-]+)`).exec(mail))
    .find(Boolean);
  return link?.[1];
}

test('every non-search call of VSF 1.12 is accepted and answered with what its code reads', async () => {
  const valve = plainValve(server);
  const results: ReplayResult[] = await replayVsfCalls(server.baseUrl, { product: { sku: valve.sku, id: valve.id }, resetTokenFor });
  const refused = results.filter((result) => !result.accepted);
  console.log(
    `VSF replay: ${results.length - refused.length} of ${results.length} calls accepted\n${refused.map((r) => `  ✗ ${r.call}: ${r.why}`).join('\n')}`,
  );
  expect(refused).toEqual([]);
});

test("the bench's form (npm run bench:api): the product found through the search, create-password without the e-mail", async () => {
  const results = await replayVsfCalls(server.baseUrl);
  expect(results.filter((result) => !result.accepted)).toEqual([]);
});

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: any } };
}
const newCart = async () => (await call('POST', '/api/cart/create')).body.result as string;
async function cartWith(sku: string, qty = 1) {
  const cartId = await newCart();
  const added = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty, quoteId: cartId } });
  expect(added.status).toBe(200);
  return { cartId, line: added.body.result as { item_id: number; sku: string; qty: number } };
}

describe('a JSON content type with no body', () => {
  /** Every POST path the API documents, its parameters filled with something of the right look. */
  const postPaths = async () => {
    const doc = (await fetch(`${server.baseUrl}/api/openapi.json`).then((response) => response.json())) as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths)
      .filter(([, methods]) => 'post' in methods)
      .map(([route]) => route.replace(/\{[^}]+\}/g, '1'));
  };

  test("reads as {} on every POST route: never the parser's 400, never 5xx", async () => {
    const paths = await postPaths();
    expect(paths).toEqual(expect.arrayContaining(['/api/cart/create', '/api/cart/apply-coupon', '/api/order', '/api/review/create', '/api/user/logout']));
    for (const route of paths) {
      const answer = await call('POST', route);
      expect([route, answer.status < 500]).toEqual([route, true]);
      expect([route, answer.body.result]).not.toEqual([route, "Body cannot be empty when content-type is set to 'application/json'"]);
    }
  });

  test("VSF's bodiless POSTs succeed: guest and customer cart create, apply-coupon, delete-coupon", async () => {
    const { cartId } = await cartWith(plainValve(server).sku);
    expect(await call('POST', '/api/cart/create?token=')).toMatchObject({ status: 200, body: { result: expect.any(String) } });
    expect(await call('POST', `/api/cart/apply-coupon?token=&cartId=${cartId}&coupon=NEWSLETTER10`)).toMatchObject({ status: 200, body: { result: true } });
    expect(await call('POST', `/api/cart/delete-coupon?token=&cartId=${cartId}`)).toMatchObject({ status: 200, body: { result: true } });
  });

  test('malformed JSON still answers 400 on every POST route (the raw payment notification: 401)', async () => {
    for (const route of await postPaths()) {
      const answer = await call('POST', route, '{"cartItem": {');
      expect([route, answer.status]).toEqual([route, route === '/api/payment/notify' ? 401 : 400]);
    }
    expect((await call('POST', '/api/cart/create', '{"__proto__": {"admin": true}}')).status).toBe(400);
  });
});

describe('addresses with countryId (VSF) or country_id (the spec)', () => {
  test.each([
    ['countryId', { countryId: 'PL' }, 200],
    ['country_id', { country_id: 'PL' }, 200],
    ['countryId outside Poland', { countryId: 'DE' }, 400],
    ['neither', {}, 400],
  ])('shipping-methods and shipping-information with %s (%j) → %s', async (_name, country, status) => {
    const { cartId } = await cartWith(plainValve(server).sku);
    const methods = await call('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { ...country, city: 'Kraków' } });
    expect(methods.status).toBe(status);
    const info = await call('POST', `/api/cart/shipping-information?cartId=${cartId}`, {
      addressInformation: {
        shippingAddress: { ...country, city: 'Kraków' },
        billingAddress: {},
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'courier',
      },
    });
    expect(info.status).toBe(status);
    if (status === 200) expect(info.body.result).toMatchObject({ payment_methods: expect.any(Array), totals: { total_segments: expect.any(Array) } });
    if (_name === 'neither') expect(methods.body.result).toBe('body.address.country_id (or countryId) is required');
    if (_name === 'countryId outside Poland') expect(info.body.result).toBe('We deliver in Poland only (country_id PL)');
  });
});

describe("POST /api/order: VSF's bare order and the wrapped one, exactly once", () => {
  /** The order VSF 1.12 would post for this cart (api/harness/vsf/order.ts). */
  const vsfBody = (cartId: string, line: { item_id: number; sku: string; qty: number }, changes: Record<string, unknown> = {}) => ({
    ...vsfOrder({
      product: { sku: line.sku, id: plainValve(server).id },
      email: 'anna.kowalska@example.pl',
      password: '',
      newPassword: '',
      token: '',
      cartId,
      items: [{ ...line, server_item_id: line.item_id, product_type: 'simple' }],
      shipping: { carrier_code: 'courier', method_code: 'courier' },
      paymentMethod: 'cashondelivery',
    }),
    ...changes,
  });
  const ordersOf = (clientOrderId: string) => server.db.kysely.selectFrom('sales_order').selectAll().where('client_order_id', '=', clientOrderId).execute();
  const stockOf = async (sku: string) => (await server.db.kysely.selectFrom('stock_item').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow()).qty;

  test('the bare order with no order_id is placed; the same request again answers the same order and places nothing', async () => {
    const { cartId, line } = await cartWith(plainValve(server).sku, 2);
    const before = await stockOf(line.sku);
    const body = vsfBody(cartId, line);
    const first = await call('POST', '/api/order', body);
    expect(first).toMatchObject({
      status: 200,
      body: { result: { orderNumber: expect.stringMatching(/^\d{9}$/), backendOrderId: expect.any(Number), created: true } },
    });
    const again = await call('POST', '/api/order', body);
    expect(again.body.result).toMatchObject({ orderNumber: first.body.result.orderNumber, created: false });
    expect(await ordersOf(first.body.result.clientOrderId)).toHaveLength(1);
    expect(await stockOf(line.sku)).toBe(before - 2);
    // The thank-you page's key is the derived one the answer names.
    const status = await call('GET', `/api/order/status?order_increment_id=${first.body.result.orderNumber}&order_id=${first.body.result.clientOrderId}`);
    expect(status.status).toBe(200);
  });

  test('the same bare order twice at once: one order, both answered with it', async () => {
    const { cartId, line } = await cartWith(plainValve(server).sku);
    const body = vsfBody(cartId, line);
    const answers = await Promise.all([call('POST', '/api/order', body), call('POST', '/api/order', body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0].body.result.orderNumber).toBe(answers[1].body.result.orderNumber);
    expect(answers.map((answer) => answer.body.result.created).sort()).toEqual([false, true]);
  });

  test('a later purchase on the same cart (the line added again) is a new order', async () => {
    const { cartId, line } = await cartWith(plainValve(server).sku);
    const first = await call('POST', '/api/order', vsfBody(cartId, line));
    const readded = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: line.sku, qty: 1, quoteId: cartId } });
    const second = await call('POST', '/api/order', vsfBody(cartId, readded.body.result));
    expect(second.body.result).toMatchObject({ created: true });
    expect(second.body.result.orderNumber).not.toBe(first.body.result.orderNumber);
  });

  test.each([
    ["wrapped with order_id (the shop's checkout)", (body: object) => ({ order: { ...body, order_id: `wrapped-${Date.now()}` } }), {}],
    ['wrapped without order_id', (body: object) => ({ order: body }), {}],
    ['bare with an Idempotency-Key header', (body: object) => body, { 'idempotency-key': `idem-${Date.now()}` }],
  ])('%s: placed once, the retry answers the same order', async (_name, shape, headers) => {
    const { cartId, line } = await cartWith(plainValve(server).sku);
    const body = shape(vsfBody(cartId, line));
    const first = await call('POST', '/api/order', body, headers);
    expect(first.body.result).toMatchObject({ created: true });
    const again = await call('POST', '/api/order', body, headers);
    expect(again.body.result).toMatchObject({ orderNumber: first.body.result.orderNumber, created: false });
    if ('idempotency-key' in headers) expect(first.body.result.clientOrderId).toBe(headers['idempotency-key']);
  });

  test("unknown address fields (a 50 KB note, VSF's region fields) are neither stored nor echoed", async () => {
    const { cartId, line } = await cartWith(plainValve(server).sku);
    const body = vsfBody(cartId, line);
    const withNote = {
      ...body,
      addressInformation: { ...body.addressInformation, shippingAddress: { ...body.addressInformation.shippingAddress, note: 'x'.repeat(50_000) } },
    };
    const placed = await call('POST', '/api/order', withNote);
    expect(placed.status).toBe(200);
    const [row] = await ordersOf(placed.body.result.clientOrderId);
    const stored = JSON.parse(row.addresses) as { shipping: Record<string, unknown>; billing: Record<string, unknown> };
    const allowed = ['firstname', 'lastname', 'street', 'city', 'postcode', 'country_id', 'telephone', 'email', 'company', 'vat_id'];
    for (const address of [stored.shipping, stored.billing]) expect(Object.keys(address).filter((key) => !allowed.includes(key))).toEqual([]);
    expect(stored.billing.street).toEqual(['ul. Grzewcza 7']); // VSF's [street, undefined apartment] → null dropped
    const status = await call('GET', `/api/order/status?order_increment_id=${placed.body.result.orderNumber}&order_id=${placed.body.result.clientOrderId}`);
    expect(JSON.stringify(status.body)).not.toContain('xxxxxxxxxx');
  });

  test('address fields over their limits are refused with 400 and nothing placed', async () => {
    const { cartId, line } = await cartWith(plainValve(server).sku);
    const body = vsfBody(cartId, line);
    const long = {
      ...body,
      addressInformation: { ...body.addressInformation, shippingAddress: { ...body.addressInformation.shippingAddress, city: 'K'.repeat(101) } },
    };
    expect(await call('POST', '/api/order', long)).toMatchObject({
      status: 400,
      body: { result: 'body.addressInformation.shippingAddress.city must NOT have more than 100 characters' },
    });
    expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toHaveLength(1);
  });
});

describe("store ids and currency: VSF's single store view (storeId 1) and the shop's (2)", () => {
  test.each([
    ["VSF's default store id 1 (STORE_ID_ALIASES)", 'currencyCode=PLN&storeId=1', 200, null],
    ["the shop's store id 2 (STORE_ID)", 'currencyCode=PLN&storeId=2', 200, null],
    ['no store or currency', '', 200, null],
    ['another store id', 'currencyCode=PLN&storeId=3', 400, 'storeId: this shop is store 2 (or 1), got 3'],
    [
      "VSF's default currency USD",
      'currencyCode=USD&storeId=1',
      400,
      'currencyCode: only PLN prices are kept, got USD (a VSF client sets i18n.currencyCode to PLN)',
    ],
  ])('render-list with %s: ?%s → %s', async (_name, query, status, message) => {
    const valve = plainValve(server);
    const answer = await call('GET', `/api/product/render-list?skus=${encodeURIComponent(valve.sku)}&${query}`);
    expect(answer.status).toBe(status);
    if (message) expect(answer.body.result).toBe(message);
    else
      expect(answer.body.result.items[0]).toMatchObject({
        id: valve.id,
        price_info: { final_price: valve.final_price_incl_tax, special_price: expect.any(Number) },
      });
  });
});

describe("a customer's order from VSF", () => {
  test("needs the token: orders.endpoint /api/order?token={{token}} (or users.tokenInHeader); without it the cart is another customer's", async () => {
    const email = `vsf-customer-${Date.now()}@example.pl`;
    await call('POST', '/api/user/create', { customer: { email, firstname: 'Anna', lastname: 'Kowalska', addresses: [] }, password: 'Tajne-haslo-1' });
    const token = (await call('POST', '/api/user/login', { username: email, password: 'Tajne-haslo-1' })).body.result as string;
    const cartId = (await call('POST', `/api/cart/create?token=${token}`)).body.result as string;
    const line = (
      await call('POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku: plainValve(server).sku, qty: 1, quoteId: cartId } })
    ).body.result;
    const body = vsfOrder({
      product: { sku: line.sku, id: plainValve(server).id },
      email,
      password: '',
      newPassword: '',
      token,
      cartId,
      customerId: 1,
      items: [{ ...line, server_item_id: line.item_id }],
      shipping: { carrier_code: 'courier', method_code: 'courier' },
      paymentMethod: 'cashondelivery',
    });
    expect(await call('POST', '/api/order', body)).toMatchObject({ status: 403, body: { result: 'This cart belongs to another customer' } });
    expect(await call('POST', `/api/order?token=${token}`, body)).toMatchObject({ status: 200, body: { result: { created: true } } });
    const history = await call('GET', `/api/user/order-history?token=${token}&pageSize=20&currentPage=1`);
    expect(history.body.result.items).toHaveLength(1);
  });
});
