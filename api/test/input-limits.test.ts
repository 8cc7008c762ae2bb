import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * Bounded paging and body limits over HTTP (docs/security.md "Input limits", issue #22): every
 * number that is not finite, or outside its bounds, is a 400 that says which parameter and why.
 */

let server: TestServer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: { ...TEST_SEED, products: 40 } });
  const product = await server.db.kysely.selectFrom('review').select('product_id').executeTakeFirstOrThrow();
  productId = product.product_id;
});
afterAll(async () => {
  await server.close();
});

const get = async (path: string) => {
  const response = await fetch(server.baseUrl + path);
  return { status: response.status, body: (await response.json()) as { code: number; result: unknown } };
};

const PAGED = () => [`/api/review/list/${productId}?`, '/api/cms/blocks?like=home&', '/api/advice?'];

test.each([
  ['from=Infinity', 'querystring.from must be a finite number'],
  ['from=1e309', 'querystring.from must be a finite number'],
  ['from=-Infinity', 'querystring.from must be a finite number'],
  ['size=Infinity', 'querystring.size must be a finite number'],
  ['size=1e309', 'querystring.size must be a finite number'],
  ['from=1e20', 'querystring.from must be <= 10000'],
  ['from=9007199254740993', 'querystring.from must be <= 10000'],
  ['from=-1', 'querystring.from must be >= 0'],
  ['size=0', 'querystring.size must be >= 1'],
  ['size=NaN', 'querystring.size must be integer'],
  ['size=2.5', 'querystring.size must be integer'],
  ['size=ten', 'querystring.size must be integer'],
])('%s → 400 "%s" on the review list, CMS blocks and advice', async (query, message) => {
  for (const path of PAGED()) {
    const { status, body } = await get(path + query);
    expect([path, status]).toEqual([path, 400]);
    expect(body).toEqual({ code: 400, result: message });
  }
});

test.each([
  ['/api/review/list/:id', 50],
  ['/api/advice', 50],
  ['/api/cms/blocks?like=home', 500], // spec §7/§9: blocks take up to 500
])('%s pages up to %i, not one more', async (path, max) => {
  const url = path.replace(':id', String(productId));
  const join = url.includes('?') ? '&' : '?';
  expect((await get(`${url}${join}size=${max}`)).status).toBe(200);
  expect((await get(`${url}${join}size=${max + 1}`)).body).toEqual({ code: 400, result: `querystring.size must be <= ${max}` });
  expect((await get(`${url}${join}from=10000`)).status).toBe(200);
  expect((await get(`${url}${join}from=-0`)).status).toBe(200);
});

test('an id past what the database stores is a 400, not a lookup', async () => {
  expect((await get('/api/review/list/2147483648')).body).toEqual({ code: 400, result: 'params.productId must be <= 2147483647' });
  expect((await get('/api/review/list/1e309')).body).toEqual({ code: 400, result: 'params.productId must be a finite number' });
});

const postJson = (path: string, body: string) => fetch(server.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });

test.each([
  ['/api/review/create', 16 * 1024],
  ['/api/user/login', 32 * 1024],
  ['/api/cart/create', 32 * 1024],
])('%s refuses a body over %i bytes with 413', async (path, limit) => {
  const response = await postJson(path, padded(limit));
  expect(response.status).toBe(413);
  expect((await response.json()).code).toBe(413);
});

test('the order takes a larger body (a whole cart with addresses): 100 KiB is read, and refused for its content', async () => {
  const response = await postJson('/api/order', padded(100 * 1024));
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).not.toBe(413);
  expect(response.status).toBeLessThan(500);
});

test.each([
  ['a stock check', '/api/stock/check?sku=KF-1%00'],
  ['a product view', '/api/product-view/KF-1%00'],
  ['a URL lookup', '/api/url?path=%2Fc%2Fa%00'],
])('a NUL byte in %s is refused or not found, never a 500 (PostgreSQL cannot store one in text)', async (_name, url) => {
  const response = await fetch(server.baseUrl + url);
  expect([400, 404]).toContain(response.status);
});
