import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { startTestServer, TEST_TODAY, type TestServer } from '../harness/test-server';
import { orderClient, plainValve } from './order-helpers';

/**
 * Cache-Control of the API's answers (spec §9, docs/offline.md "Cache-Control sent by the
 * servers"): catalogue JSON 5 min fresh + 24 h stale; personalised reads and errors not stored;
 * a shopper's own data (cart, order, user…) never stored.
 */
const CATALOG = 'public, max-age=300, stale-if-error=86400';
const PERSONAL = 'private, no-store';

let server: TestServer;
let product: Product;
beforeAll(async () => {
  server = await startTestServer({ seed: { products: 30, seed: 2026, today: TEST_TODAY } });
  product = server.app.catalog.products.find((candidate: Product) => isViewable(candidate) && candidate.type_id === 'simple')!;
});
afterAll(() => server.close());

const SEARCH = '/api/catalog/vue_storefront_catalog/product/_search';
const searchPath = (request: Record<string, unknown>) => `${SEARCH}?size=2&request=${encodeURIComponent(JSON.stringify(request))}`;
const LISTED = { _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] } }] };

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(server.baseUrl + path, { method, headers });
  await response.arrayBuffer();
  return { status: response.status, cacheControl: response.headers.get('cache-control') };
}

/** Every catalogue read the service worker keeps as `catalog-json` (shell/src/service-worker/routes.ts), one answerable call each. */
const CATALOG_READS: Array<[string, () => string]> = [
  ['search (GET request=)', () => searchPath(LISTED)],
  ['search (GET, no request=)', () => `${SEARCH}?size=2`],
  ['product-view', () => `/api/product-view/${encodeURIComponent(product.sku)}`],
  ['render-list', () => `/api/product/render-list?skus=${encodeURIComponent(product.sku)}`],
  ['product/single', () => `/api/product/single?sku=${encodeURIComponent(product.sku)}`],
  ['url', () => `/api/url?path=${encodeURIComponent(`/${product.url_path}`)}`],
  ['cms page', () => '/api/cms/page/dostawa'],
  ['cms blocks', () => '/api/cms/blocks?like=footer'],
  ['cms hierarchy', () => '/api/cms/hierarchy/dostawa'],
  ['advice', () => '/api/advice'],
  ['advice article', () => '/api/advice/grzejniki-do-pompy-ciepla'],
  ['review list', () => `/api/review/list/${product.id}`],
];

describe('catalogue reads', () => {
  test.each(CATALOG_READS)('%s: 200 with 5 min fresh, then asked again (no stale-while-revalidate), 24 h stale-if-error', async (_name, path) => {
    expect(await get(path())).toEqual({ status: 200, cacheControl: CATALOG });
  });

  test.each(CATALOG_READS)('%s: with an Authorization header it is private, no-store', async (_name, path) => {
    expect(await get(path(), { authorization: 'Bearer some-user-token' })).toEqual({ status: 200, cacheControl: PERSONAL });
  });

  test.each(CATALOG_READS)('%s: with ?token= it is private, no-store (whatever the route makes of it)', async (_name, path) => {
    const withToken = path() + (path().includes('?') ? '&' : '?') + 'token=some-user-token';
    expect((await get(withToken)).cacheControl).toBe(PERSONAL);
  });

  test('a search with a group token, in the query or inside request=, is private, no-store', async () => {
    const groupToken = server.app.groupTokens.sign(2);
    expect(await get(`${searchPath(LISTED)}&groupToken=${encodeURIComponent(groupToken)}`)).toEqual({ status: 200, cacheControl: PERSONAL });
    expect(await get(searchPath({ ...LISTED, groupToken }))).toEqual({ status: 200, cacheControl: PERSONAL });
    // The same search without it is the public one.
    expect(await get(searchPath(LISTED))).toEqual({ status: 200, cacheControl: CATALOG });
  });

  test.each([
    ['an unknown product-view', '/api/product-view/NO-SUCH-SKU', 404],
    ['an unknown product/single', '/api/product/single?sku=NO-SUCH-SKU', 404],
    ['an unknown path', '/api/url?path=%2Fnie-ma-takiej-strony', 404],
    ['an unknown CMS page', '/api/cms/page/nie-ma-takiej', 404],
    ['an unknown advice article', '/api/advice/nie-ma-takiego', 404],
    ['reviews of no product', '/api/review/list/999999', 404],
    ['an unknown index', '/api/catalog/nie_ma/product/_search', 404],
    ['a broken search', `${SEARCH}?request=%7Bbroken`, 400],
    ['a render-list without skus', '/api/product/render-list', 400],
  ])('%s (%s) answers %i with no-store', async (_name, path, status) => {
    expect(await get(path)).toEqual({ status, cacheControl: 'no-store' });
  });

  test('HEAD carries the same header as GET', async () => {
    expect(await get(`/api/product-view/${encodeURIComponent(product.sku)}`, {}, 'HEAD')).toEqual({ status: 200, cacheControl: CATALOG });
  });

  test('a POST search is left alone: no HTTP cache keeps a POST answer (the service worker keeps its own copy)', async () => {
    const response = await fetch(server.baseUrl + SEARCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: LISTED, size: 2 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBeNull();
  });
});

describe("a shopper's own data is never public", () => {
  const { cartWith, orderBody } = orderClient(() => server);

  test('cart, order, user, stock, wishlist and newsletter answers say no-store', async () => {
    const cartId = await cartWith(plainValve(server).sku, 1);
    const placed = await fetch(`${server.baseUrl}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderBody(cartId)),
    });
    expect(placed.status).toBe(200);
    expect(placed.headers.get('cache-control')).toBe('no-store');
    const { orderNumber, clientOrderId } = (await placed.json()).result as { orderNumber: string; clientOrderId: string };
    const answers = await Promise.all([
      get(`/api/cart/pull?cartId=${cartId}`),
      get(`/api/cart/totals?cartId=${cartId}`),
      get(`/api/order/status?order_increment_id=${orderNumber}&order_id=${clientOrderId}`),
      get(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`),
      get(`/api/stock/list?skus=${encodeURIComponent(product.sku)}`),
      get('/api/ext/newsletter?email=anna%40example.pl'),
    ]);
    expect(answers).toEqual(answers.map(() => ({ status: 200, cacheControl: 'no-store' })));
    // Without a signed-in user: refused, and not stored either.
    for (const path of ['/api/user/me', '/api/wishlist', '/api/user/order-history']) expect((await get(path)).cacheControl).toBe('no-store');
  });

  test('creating a cart and placing an order are not public either', async () => {
    const created = await fetch(`${server.baseUrl}/api/cart/create`, { method: 'POST' });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const order = await fetch(`${server.baseUrl}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(order.status).toBeGreaterThanOrEqual(400);
    expect(order.headers.get('cache-control')).toBe('no-store');
  });
});
