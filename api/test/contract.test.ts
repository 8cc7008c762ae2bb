import { Type } from '@sinclair/typebox';
import { answers } from '@kaloryfer/api-contract';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * The API's contract (shared/api-contract, issue #21): every JSON route publishes its answer's
 * schema in the OpenAPI document, and an answer that leaves its schema is caught — the check
 * every API test runs under (config.checkResponses, api/src/http/response-check.ts).
 */
let server: TestServer;

/** Routes whose success is not JSON, so it has no JSON schema (their refusals are the JSON error envelope). */
const NOT_JSON = new Map([
  ['/img/{width}/{height}/{mode}/{*}', 'image bytes (WebP/JPEG/PNG) from the image resizer'],
  ['/api/ext/newsletter/confirm', "303 to the shop's confirmation page (the e-mail's double opt-in link)"],
  ['/api/ext/newsletter/form', '303 back to the page the form was sent from (the newsletter form without JavaScript)'],
  ['/api/experiments/exposures', "204: a beacon's receipt (docs/experiments.md)"],
  ['/api/signals', '204: a beacon\'s receipt (docs/releasing.md, "Signals")'],
]);

const Item = Type.Object({ sku: Type.String(), qty: Type.Integer() });

beforeAll(async () => {
  server = await startTestServer({
    extend: (app) => {
      // Routes of this test only: answers that keep or break their schema.
      const route = (url: string, result: unknown) => app.get(url, { schema: { hide: true, response: answers(Item) } }, async () => ({ code: 200, result }));
      route('/api/test/kept', { sku: 'KF-ZT-0001', qty: 2 });
      route('/api/test/unlisted', { sku: 'KF-ZT-0001', qty: 2, cost_price: 120 });
      route('/api/test/wrong-type', { sku: 'KF-ZT-0001', qty: '2' });
      route('/api/test/missing', { sku: 'KF-ZT-0001' });
      route('/api/test/fraction', { sku: 'KF-ZT-0001', qty: 2.5 });
    },
  });
});
afterAll(() => server.close());

test('every JSON route publishes the schema of its answer in /api/openapi.json', async () => {
  const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, operation })),
  );
  expect(routes.length).toBeGreaterThan(40);
  const without = routes
    .filter(({ path }) => !NOT_JSON.has(path))
    .filter(({ operation }) => !operation.responses?.['200']?.content?.['application/json']?.schema)
    .map(({ route }) => route);
  expect(without).toEqual([]);
});

test.each([
  ['/api/test/kept', 200, null],
  ['/api/test/unlisted', 500, '/result/cost_price: dropped by the schema (not listed)'],
  ['/api/test/wrong-type', 500, '/result/qty: Expected integer'],
  ['/api/test/missing', 500, '/result/qty: Expected required property'],
  ['/api/test/fraction', 500, '/result/qty: Expected integer'],
])('%s → %i, naming %s', async (url, status, problem) => {
  const response = await fetch(`${server.baseUrl}${url}`);
  expect(response.status).toBe(status);
  const body = (await response.json()) as { result: unknown };
  if (problem === null) expect(body).toEqual({ code: 200, result: { sku: 'KF-ZT-0001', qty: 2 } });
  else expect(String(body.result)).toContain(problem);
});
