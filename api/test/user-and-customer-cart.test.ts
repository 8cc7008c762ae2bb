import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/** The minimal user calls and a customer's cart: only their token may use it. */
let server: TestServer;

async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: any; meta?: any } };
}
const register = (email: string, password = 'tajne-haslo-1') =>
  call('POST', '/api/user/create', { customer: { email, firstname: 'Anna', lastname: 'Kowalska' }, password });
const login = async (email: string, password = 'tajne-haslo-1') => (await call('POST', '/api/user/login', { username: email, password })).body;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

test('create an account, log in: a token and a refresh token; the password is stored only as a salted hash', async () => {
  const created = await register('Anna.Kowalska@Example.pl');
  expect(created.status).toBe(200);
  expect(created.body.result).toEqual({ id: expect.any(Number), email: 'anna.kowalska@example.pl', firstname: 'Anna', lastname: 'Kowalska', group_id: 1 });
  const session = await login(' anna.kowalska@example.PL ');
  expect(session.code).toBe(200);
  expect(session.result).toMatch(/^[\w-]+\.[\w-]+$/);
  expect(session.meta.refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);
  const row = await server.db.kysely.selectFrom('customer').selectAll().where('email', '=', 'anna.kowalska@example.pl').executeTakeFirstOrThrow();
  expect(row.password_hash).toMatch(/^scrypt\$/);
  expect(row.password_hash).not.toContain('tajne');
});

test.each<[string, Record<string, unknown>, string]>([
  [
    'the same e-mail again',
    { customer: { email: 'anna.kowalska@example.pl', firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' },
    'A customer with the same email address already exists',
  ],
  [
    'a bad e-mail',
    { customer: { email: 'anna@', firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' },
    'customer.email: Please provide valid e-mail address',
  ],
  [
    'a short password',
    { customer: { email: 'b@example.pl', firstname: 'Anna', lastname: 'Kowalska' }, password: 'krótkie' },
    'password: Password must have at least 8 letters',
  ],
  [
    'digits in a name',
    { customer: { email: 'c@example.pl', firstname: 'Anna2', lastname: 'Kowalska' }, password: 'tajne-haslo-1' },
    'customer.firstname: First name and Surname can only contain letters',
  ],
])('refused: %s', async (_name, body, message) => {
  const response = await call('POST', '/api/user/create', body);
  expect(response.status).toBe(400);
  expect(response.body.result).toBe(message);
});

test('a wrong password or an unknown e-mail is 401, the same answer for both', async () => {
  const wrong = await call('POST', '/api/user/login', { username: 'anna.kowalska@example.pl', password: 'zle-haslo-00' });
  const unknown = await call('POST', '/api/user/login', { username: 'nikt@example.pl', password: 'zle-haslo-00' });
  expect([wrong.status, unknown.status]).toEqual([401, 401]);
  expect(wrong.body.result).toBe(unknown.body.result);
});

test("a customer's cart: created with their token, the same cart on the next create, refused to others and to guests", async () => {
  await register('jan@example.pl');
  await register('ewa@example.pl');
  const jan = (await login('jan@example.pl')).result;
  const ewa = (await login('ewa@example.pl')).result;
  const cartId = (await call('POST', `/api/cart/create?token=${jan}`)).body.result;
  expect((await call('POST', '/api/cart/create', undefined, { authorization: `Bearer ${jan}` })).body.result).toBe(cartId);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}&token=${jan}`)).status).toBe(200);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}&token=${ewa}`)).status).toBe(403);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).status).toBe(403);
  const guestCart = (await call('POST', '/api/cart/create')).body.result;
  expect(guestCart).not.toBe(cartId);
});

test('a tampered or foreign token is 401 (the client then falls back to a guest cart)', async () => {
  const token = (await login('jan@example.pl')).result as string;
  const [payload, signature] = token.split('.');
  const forged = `${Buffer.from(JSON.stringify({ k: 'access', c: 1, g: 2, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
  for (const bad of [forged, `${payload}.x`, 'nie-token', (await login('jan@example.pl')).meta.refreshToken]) {
    const response = await call('POST', `/api/cart/create?token=${encodeURIComponent(bad)}`);
    expect(response).toMatchObject({ status: 401, body: { result: 'Unexpected authorization error' } });
  }
});

test("VSF 1.12 posts a customer's order without a token: the cart id and its owner's user_id stand for it, nothing else does", async () => {
  await register('zofia@example.pl');
  await register('piotr@example.pl');
  const zofia = await login('zofia@example.pl');
  const piotr = await login('piotr@example.pl');
  const cartId = (await call('POST', `/api/cart/create?token=${zofia.result}`)).body.result as string;
  const valve = server.app.catalog.products.find(
    (product: { type_id: string; stock: { is_in_stock: boolean; qty: number; is_volatile: boolean }; custom_options?: unknown }) =>
      product.type_id === 'simple' && product.stock.is_in_stock && product.stock.qty >= 5 && !product.stock.is_volatile && !product.custom_options,
  );
  expect(
    (await call('POST', `/api/cart/update?cartId=${cartId}&token=${zofia.result}`, { cartItem: { sku: valve!.sku, qty: 1, quoteId: cartId } })).status,
  ).toBe(200);
  const zofiaId = (await call('GET', `/api/user/me?token=${zofia.result}`)).body.result.id as number;
  const piotrId = (await call('GET', `/api/user/me?token=${piotr.result}`)).body.result.id as number;
  const order = (userId: unknown) => ({
    cart_id: cartId,
    user_id: userId,
    products: [],
    addressInformation: {
      shippingAddress: {
        firstname: 'Zofia',
        lastname: 'Nowak',
        street: ['ul. Ciepła 3', '1'],
        city: 'Gdańsk',
        postcode: '80-001',
        country_id: 'PL',
        telephone: '601 234 567',
        email: 'zofia@example.pl',
      },
      shipping_carrier_code: 'courier',
      shipping_method_code: 'courier',
      payment_method_code: 'cashondelivery',
    },
  });

  for (const stranger of ['', String(piotrId), `${zofiaId}0`, null]) {
    expect(await call('POST', '/api/order', order(stranger))).toMatchObject({ status: 403, body: { result: 'This cart belongs to another customer' } });
  }
  expect((await call('POST', `/api/order?token=${piotr.result}`, order(String(zofiaId)))).status).toBe(403);
  const placed = await call('POST', '/api/order', order(String(zofiaId)));
  expect(placed.status).toBe(200);
  const row = await server.db.kysely
    .selectFrom('sales_order')
    .select(['customer_id'])
    .where('id', '=', placed.body.result.backendOrderId)
    .executeTakeFirstOrThrow();
  expect(row.customer_id).toBe(zofiaId);
  const history = (await call('GET', `/api/user/order-history?token=${zofia.result}`)).body.result;
  expect(history.items.map((item: { increment_id: string }) => item.increment_id)).toContain(placed.body.result.orderNumber);
});
