import type { Product } from '@kaloryfer/api-contract';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { ADDRESS, plainValve } from './order-helpers';

/**
 * The history's lines carry what the account pages need for a thumbnail and a product link
 * (issue #17): `image`, `slug`, `parent_sku` from the catalogue, beside VSF's own line fields.
 */
let server: TestServer;
let valve: Product;
let radiator: Product;

interface Answer {
  status: number;
  body: { code: number; result: any };
}
async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A signed-in customer's token. */
async function signedInCustomer(): Promise<string> {
  const email = 'historia@example.pl';
  expect((await call('POST', '/api/user/create', { customer: { email, firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' })).status).toBe(
    200,
  );
  const login = await call('POST', '/api/user/login', { username: email, password: 'tajne-haslo-1' });
  expect(login.status).toBe(200);
  return login.body.result as string;
}

let orders = 0;
/** Places an order of these lines with the customer's token, as the checkout does. */
async function placeOrder(token: string, lines: { sku: string; qty: number }[]): Promise<string> {
  const query = `token=${encodeURIComponent(token)}`;
  const cartId = (await call('POST', `/api/cart/create?${query}`)).body.result as string;
  for (const line of lines) {
    const added = await call('POST', `/api/cart/update?cartId=${cartId}&${query}`, { cartItem: { ...line, quoteId: cartId } });
    expect(added.status).toBe(200);
  }
  const placed = await call('POST', `/api/order?${query}`, {
    order: {
      order_id: `history-lines-${(orders += 1)}`,
      cart_id: cartId,
      addressInformation: {
        shippingAddress: ADDRESS,
        shipping_carrier_code: 'courier',
        shipping_method_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
    },
  });
  expect(placed.status).toBe(200);
  return placed.body.result.orderNumber as string;
}

const buyableChild = (product: Product) =>
  (product.configurable_children ?? []).find(
    (child) => child.status < 2 && child.stock.is_in_stock && (!child.stock.manage_stock || child.stock.qty >= 2 || child.stock.is_volatile),
  );

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  valve = plainValve(server);
  radiator = server.app.catalog.products.find(
    (product: Product) => product.type_id === 'configurable' && product.status < 2 && product.visibility !== 1 && buyableChild(product) !== undefined,
  )!;
  expect(radiator).toBeDefined();
}, 60_000);
afterAll(() => server.close());

test('each line of the history and of one order has its catalogue image, the product slug and the parent sku of a variant', async () => {
  const token = await signedInCustomer();
  const child = buyableChild(radiator)!;
  const orderNumber = await placeOrder(token, [
    { sku: valve.sku, qty: 2 },
    { sku: child.sku, qty: 1 },
  ]);

  const history = await call('GET', `/api/user/order-history?token=${encodeURIComponent(token)}`);
  expect(history.status).toBe(200);
  const lines = history.body.result.items[0].items;
  expect(lines).toEqual([
    expect.objectContaining({ sku: valve.sku, qty_ordered: 2, image: valve.image, slug: valve.slug, parent_sku: null }),
    expect.objectContaining({ sku: child.sku, qty_ordered: 1, image: child.image || radiator.image, slug: radiator.slug, parent_sku: radiator.sku }),
  ]);
  // VSF's own line fields stay as they were.
  expect(lines[0]).toMatchObject({ name: valve.name, price_incl_tax: valve.final_price_incl_tax, options: [] });
  expect(lines[1].options.length).toBeGreaterThan(0);
  expect(typeof lines[0].image).toBe('string');

  const one = await call('GET', `/api/user/order-history/${orderNumber}?token=${encodeURIComponent(token)}`);
  expect(one.body.result.items).toEqual(lines);
});

test('a line whose product the catalogue no longer knows keeps its name and prices, with no image, slug or parent', async () => {
  const token = await call('POST', '/api/user/login', { username: 'historia@example.pl', password: 'tajne-haslo-1' });
  const orderNumber = await placeOrder(token.body.result, [{ sku: valve.sku, qty: 1 }]);
  await server.db.kysely
    .updateTable('sales_order_item')
    .set({ sku: 'WITHDRAWN-123' })
    .where('order_id', '=', server.db.kysely.selectFrom('sales_order').select('id').where('increment_id', '=', orderNumber))
    .execute();
  const one = await call('GET', `/api/user/order-history/${orderNumber}?token=${encodeURIComponent(token.body.result)}`);
  expect(one.body.result.items).toEqual([expect.objectContaining({ sku: 'WITHDRAWN-123', name: valve.name, image: null, slug: null, parent_sku: null })]);
});
