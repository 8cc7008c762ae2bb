import { startPostgres, type PostgresServer } from '../../../scripts/lib/postgres-server';
import { eventually, startTestServer, TEST_SEED, type TestServer } from '../../harness/test-server';

/**
 * The database goes away (a restart, a failover) under a running instance: requests that need it
 * answer 503 with Retry-After at once — not a hang, not a 500 — the catalogue keeps being served
 * from memory, and when the database is back the instance reconnects by itself (its pool and its
 * change feed), without a restart. A server of this test's own: the run's shared one stays up.
 */
let postgres: PostgresServer;
let server: TestServer;

beforeAll(async () => {
  postgres = await startPostgres({ durable: false });
  postgres.createDatabase('shop');
  server = await startTestServer({ seed: TEST_SEED, databaseUrl: postgres.url('shop') });
}, 60_000);
afterAll(async () => {
  await server?.close();
  postgres?.stop();
});

async function call(method: string, url: string, body?: unknown) {
  const started = Date.now();
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { code: number; result: any },
    ms: Date.now() - started,
  };
}

const search = (sku: string) =>
  call(
    'GET',
    `/api/catalog/vue_storefront_catalog/product/_search?size=1&request=${encodeURIComponent(
      JSON.stringify({
        _appliedFilters: [
          { attribute: 'sku', value: sku },
          { attribute: 'stock.is_in_stock', value: true },
        ],
      }),
    )}`,
  );

test('the database restarts: 503 with Retry-After while it is away, the catalogue still served, everything back without restarting the instance', async () => {
  const product = server.app.catalog.products.find(
    (candidate: { type_id: string; stock: { is_in_stock: boolean } }) => candidate.type_id === 'simple' && candidate.stock.is_in_stock,
  )!;
  expect((await call('POST', '/api/cart/create')).status).toBe(200);

  postgres.halt();
  for (const [method, url] of [
    ['POST', '/api/cart/create'],
    ['GET', '/api/health'],
  ] as const) {
    const answer = await call(method, url);
    expect(answer).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { code: 503, result: 'The shop is briefly unavailable, please try again in a moment' },
    });
  }
  const page = await search(product.sku);
  expect(page.status).toBe(200); // the catalogue lives in memory
  expect((page.body as unknown as { total: number }).total).toBe(1);

  postgres.restart();
  const cartId = await eventually(async () => {
    const answer = await call('POST', '/api/cart/create');
    return answer.status === 200 ? (answer.body.result as string) : null;
  }, 15_000);
  expect((await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: product.sku, qty: 1, quoteId: cartId } })).status).toBe(200);
  expect((await call('GET', '/api/health')).status).toBe(200);

  // The change feed listens again: a stock change made in the database reaches the listing.
  await eventually(async () => {
    await server.db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', product.sku).execute();
    return ((await search(product.sku)).body as unknown as { total: number }).total === 0 ? true : null;
  }, 15_000);
}, 60_000);
