import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../src/http/envelope';
import { writeJsonAtomic } from '../../scripts/lib/registry-file';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let shellDist: string;

beforeAll(async () => {
  server = await startTestServer({
    extend: (app) => {
      // Routes that exist only in this test, to drive the error handler's branches.
      app.post('/api/test/echo', {
        schema: { body: Type.Object({ cartItem: Type.Object({ sku: Type.String(), qty: Type.Integer({ minimum: 1 }) }) }) },
      }, async (request) => ({ code: 200, result: request.body }));
      app.get('/api/test/throws', async () => { throw new Error('secret internal detail'); });
      app.get('/api/test/api-error', async () => { throw new ApiError(409, 'Some of the ordered products are not available'); });
    },
  });
  shellDist = path.join(server.varDir, 'no-shell');
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { headers });
const post = (url: string, body: string) => fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('GET /api/health', () => {
  test('answers with the envelope and checks the database', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ code: 200, result: { status: 'ok', database: 'sqlite', uptimeSeconds: expect.any(Number) } });
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

describe('OpenAPI and the shell', () => {
  test('the OpenAPI document lists the endpoints', async () => {
    const document = await (await get('/api/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/store']));
  });

  test('the registry is served uncached once published, 503 before', async () => {
    expect((await get('/mfe-registry.json')).status).toBe(503);
    fs.writeFileSync(path.join(server.varDir, 'mfe-registry.json'), '{"remotes":{}}');
    const response = await get('/mfe-registry.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(await response.json()).toEqual({ remotes: {} });
  });

  test('without a built shell, pages are a 404', async () => {
    expect(fs.existsSync(shellDist)).toBe(false);
    expect((await get('/c/akcesoria', { accept: 'text/html' })).status).toBe(404);
  });
});

describe('with a built shell', () => {
  let withShell: TestServer;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(server.varDir, 'shell-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Kaloryfer</title></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'main.0123abcd.js.br'), zlib.brotliCompressSync('console.log(1)'));
    withShell = await startTestServer({ shellDist: dist });
  });
  afterAll(() => withShell.close());

  test.each([
    ['/', 200], ['/compare', 200], ['/checkout', 200],
    // No catalogue is seeded here: these name nothing, so they are real 404s that still load the shell.
    ['/c/akcesoria', 404], ['/p/KAL-1/wenus', 404], ['/nie-ma-takiej', 404],
  ])('GET %s as a page serves index.html uncached (%i)', async (url, status) => {
    const response = await fetch(`${withShell.baseUrl}${url}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Kaloryfer</title>');
  });

  test('hashed assets are cached for a year', async () => {
    const response = await fetch(`${withShell.baseUrl}/main.0123abcd.js`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('each page carries the registry as published now, with hints for the remote origins', async () => {
    // As the release script writes it: a new file renamed over the old one.
    const write = (version: string) => writeJsonAtomic(path.join(withShell.varDir, 'mfe-registry.json'), {
      timeoutMs: 8000, remotes: { cart: { name: 'cart', entry: `http://127.0.0.1:4302/${version}/mf-manifest.json`, version, contracts: '1.0.0' } },
    });
    const inline = async () => {
      const html = await (await fetch(`${withShell.baseUrl}/compare`, { headers: { accept: 'text/html' } })).text();
      return { html, registry: JSON.parse(html.match(/<script id="mfe-registry" type="application\/json">(.*?)<\/script>/)![1]) };
    };
    write('1.0.0');
    const first = await inline();
    expect(first.registry.remotes.cart.version).toBe('1.0.0');
    expect(first.html).toContain('<link rel="preconnect" href="http://127.0.0.1:4302" crossorigin />');
    expect(first.html).toContain('<link rel="preload" href="http://127.0.0.1:4302/1.0.0/mf-manifest.json" as="fetch" crossorigin />');
    write('1.0.1'); // a release
    expect((await inline()).registry.remotes.cart.version).toBe('1.0.1');
  });

  test('the build\'s precompressed file goes to a browser that accepts brotli; others get the plain file', async () => {
    const brotli = await fetch(`${withShell.baseUrl}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe('console.log(1)');
    const plain = await fetch(`${withShell.baseUrl}/main.0123abcd.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });
});
