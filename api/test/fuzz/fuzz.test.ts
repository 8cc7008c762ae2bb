import { eventually, startTestServer, TEST_SEED, type TestServer } from '../../harness/test-server';
import { describeFindings, runFuzz, type FuzzTotals } from '../../harness/fuzz/run-fuzz';
import { routeTable } from '../../harness/fuzz/route-table';

/**
 * Property-based fuzz over every route (issue #22): fast-check generates hostile queries, path
 * parameters, headers and bodies from a fixed seed (FUZZ_SEED / FUZZ_RUNS to vary it); the API
 * must answer every one below 500, store nothing that breaks a limit or no schema knows, and
 * leave Object.prototype alone. `npm run bench:api` runs the same with ≥ 10,000 requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 22);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_500);

let server: TestServer;
let totals: FuzzTotals;

beforeAll(async () => {
  server = await startTestServer({ seed: { ...TEST_SEED, products: 60 } });
  // A shop's first seconds answer its feeds and sitemaps 503 "being written for the first time"
  // (docs/seo.md) whatever the request: the fuzz starts once they are there (slower on PostgreSQL).
  for (const file of ['sitemap.xml', 'feeds/google-merchant.xml', 'feeds/ceneo.xml']) {
    await eventually(async () => (await fetch(`${server.baseUrl}/${file}`)).status === 200, 60_000);
  }
  totals = await runFuzz(server, { runs: RUNS, seed: SEED });
}, 600_000);
afterAll(async () => {
  await server?.close();
}, 60_000);

test('the route table has every route, documented or hidden', async () => {
  const routes = await routeTable(server.app, server.baseUrl);
  const names = routes.map((route) => `${route.method} ${route.path}`);
  expect(names).toEqual(
    expect.arrayContaining([
      'GET /api/review/list/:productId',
      'POST /api/review/create',
      'GET /api/cms/blocks',
      'GET /api/advice',
      'POST /api/order',
      'POST /api/catalog/:index/:type/_search',
      'POST /api/cart/update',
      'POST /sandbox-gateway/pay',
      'GET /api/openapi.json',
    ]),
  );
  expect(routes.length).toBeGreaterThan(50);
});

test(`${RUNS} fuzzed requests (seed ${SEED}): every one answered, none with 5xx`, () => {
  expect(totals.requests).toBe(RUNS);
  expect(describeFindings({ ...totals, garbage: [], polluted: [] })).toEqual([]);
  // The fuzz reaches past validation too: some requests are accepted.
  expect(totals.byStatus['2xx']).toBeGreaterThan(RUNS / 20);
});

test('nothing stored breaks a limit or carries a field no schema knows', () => {
  expect(describeFindings({ ...totals, fiveXx: [], polluted: [] })).toEqual([]);
});

test('Object.prototype is untouched', () => {
  expect(totals.polluted).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
