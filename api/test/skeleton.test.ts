import { Type } from '@sinclair/typebox';
import { ApiError } from '../src/http/envelope';
import { startTestServer, type TestServer } from '../harness/test-server';
import { TEST_DIALECT } from '../harness/test-database';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    extend: (app) => {
      // Routes that exist only in this test, to drive the error handler's branches.
      app.post(
        '/api/test/echo',
        {
          schema: { body: Type.Object({ cartItem: Type.Object({ sku: Type.String(), qty: Type.Integer({ minimum: 1 }) }) }) },
        },
        async (request) => ({ code: 200, result: request.body }),
      );
      app.get('/api/test/throws', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/api/test/api-error', async () => {
        throw new ApiError(409, 'Some of the ordered products are not available');
      });
    },
  });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { headers });
const post = (url: string, body: string) => fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('GET /api/health', () => {
  test('answers with the envelope and checks the database', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ code: 200, result: { status: 'ok', database: TEST_DIALECT, uptimeSeconds: expect.any(Number) } });
  });
});

describe('GET /api/store', () => {
  test.each([
    ['', {}],
    ['?storeCode=pl', {}],
    ['', { 'x-vs-store-code': 'pl' }],
  ])('the Polish store: id 2, PLN, PL (query %s headers %j)', async (query, headers) => {
    const response = await get(`/api/store${query}`, headers);
    expect(await response.json()).toEqual({
      code: 200,
      result: { storeId: 2, storeCode: 'pl', name: 'Kaloryfer', locale: 'pl-PL', currency: 'PLN', defaultCountry: 'PL' },
    });
  });

  test.each([
    ['?storeCode=DROP%20TABLE', {}, 400, 'querystring.storeCode must match pattern "^[a-z0-9_]{1,32}$"'],
    ['', { 'x-vs-store-code': 'bad!' }, 400, 'x-vs-store-code must match ^[a-z0-9_]{1,32}$'],
    ['?storeCode=de', {}, 404, 'Unknown store: de'],
  ])('%s %j → %i with a readable message', async (query, headers, status, message) => {
    const response = await get(`/api/store${query}`, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ code: status, result: message });
  });
});

describe('bad input never answers 500', () => {
  test.each([
    ['{"cartItem":', 400, /JSON/],
    ['{}', 400, /^body\.cartItem is required$/],
    ['{"cartItem":{"sku":"KAL-1","qty":0}}', 400, /^body\.cartItem\.qty must be >= 1$/],
    ['{"cartItem":{"sku":"KAL-1","qty":"dużo"}}', 400, /^body\.cartItem\.qty must be integer$/],
  ])('POST %s → %i', async (body, status, message) => {
    const response = await post('/api/test/echo', body);
    expect(response.status).toBe(status);
    const json = await response.json();
    expect(json.code).toBe(status);
    expect(json.result).toMatch(message);
  });

  test('a body over 1 MiB is refused with 413', async () => {
    const response = await post('/api/test/echo', JSON.stringify({ cartItem: { sku: 'x'.repeat(1_100_000), qty: 1 } }));
    expect(response.status).toBe(413);
  });

  test('expected failures keep their status and message', async () => {
    const response = await get('/api/test/api-error');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 409, result: 'Some of the ordered products are not available' });
  });

  test('an unexpected error answers a generic 500 and leaks nothing', async () => {
    const response = await get('/api/test/throws');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 500, result: 'Internal Server Error 500' });
    expect(text).not.toContain('secret');
  });

  test('an unknown endpoint is a JSON 404', async () => {
    const response = await get('/api/nie-ma');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 404, result: 'No such endpoint: GET /api/nie-ma' });
  });
});

describe('OpenAPI', () => {
  test('the OpenAPI document lists the endpoints', async () => {
    const document = await (await get('/api/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/store']));
  });

  test("pages are not the API's: without the page server, any other path is a JSON 404", async () => {
    const response = await get('/c/akcesoria', { accept: 'text/html' });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe(404);
  });
});
