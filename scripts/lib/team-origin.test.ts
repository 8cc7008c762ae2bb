import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startTeamOrigin } from './team-origin';

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-origin-'));
  fs.mkdirSync(path.join(root, '1.0.0'));
  fs.writeFileSync(path.join(root, '1.0.0', 'mf-manifest.json'), JSON.stringify({ name: 'cart', pad: 'x'.repeat(2000) }));
  fs.writeFileSync(path.join(root, '1.0.0', 'app.1234abcd.js'), 'export {}');
  fs.writeFileSync(path.join(os.tmpdir(), 'kaloryfer-secret.txt'), 'secret');
  server = await startTeamOrigin(root, '127.0.0.1', 0);
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test('the manifest is readable cross-origin, gzipped and never cached', async () => {
  const response = await fetch(`${base}/1.0.0/mf-manifest.json`, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect((await response.json()).name).toBe('cart');
});

test('hashed chunks are immutable', async () => {
  const response = await fetch(`${base}/1.0.0/app.1234abcd.js`);
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(response.headers.get('content-type')).toContain('text/javascript');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff'); // run only as what it says it is
});

test.each([
  ['/1.0.0/nothing.js', 404],
  ['/1.0.0', 404],
  ['/..%2Fkaloryfer-secret.txt', 404],
  ['/..%2F..%2F..%2Fetc%2Fpasswd', 404],
  ['/%E0%A4%A', 400],
])('%s → %i', async (url, status) => {
  expect((await fetch(`${base}${url}`)).status).toBe(status);
});

test('only reads are allowed', async () => {
  expect((await fetch(`${base}/1.0.0/mf-manifest.json`, { method: 'DELETE' })).status).toBe(405);
});

test('a re-published file is served fresh, not from the cache', async () => {
  const file = path.join(root, '1.0.0', 'build-info.json');
  fs.writeFileSync(file, '{"version":"1.0.0"}');
  expect(await (await fetch(`${base}/1.0.0/build-info.json`)).json()).toEqual({ version: '1.0.0' });
  fs.writeFileSync(file, '{"version":"1.0.1"}');
  fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
  expect(await (await fetch(`${base}/1.0.0/build-info.json`)).json()).toEqual({ version: '1.0.1' });
});

test('a precompressed build file goes to browsers that accept it: brotli first, then gzip, else the raw file', async () => {
  const zlib = await import('node:zlib');
  const source = `export const big = "${'radiator '.repeat(400)}";`;
  const file = path.join(root, '1.0.0', 'big.abcd1234.js');
  fs.writeFileSync(file, source);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source));
  const get = (encoding: string) => fetch(`${base}/1.0.0/big.abcd1234.js`, { headers: { 'accept-encoding': encoding } });
  for (const [accepted, sent] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ] as const) {
    const response = await get(accepted);
    expect(response.headers.get('content-encoding')).toBe(sent);
    expect(await response.text()).toBe(source); // fetch decodes what it was sent
  }
});

test('a revalidation of an unchanged file is a 304 without a body; a re-published file answers 200 with a new ETag', async () => {
  const file = path.join(root, '1.0.0', 'remoteEntry.js');
  fs.writeFileSync(file, 'var entry = 1;');
  const first = await fetch(`${base}/1.0.0/remoteEntry.js`);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
  expect(first.headers.get('cache-control')).toBe('no-cache');
  const again = await fetch(`${base}/1.0.0/remoteEntry.js`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('access-control-allow-origin')).toBe('*');
  // The strong form of the same tag, and a list holding it, match too.
  expect((await fetch(`${base}/1.0.0/remoteEntry.js`, { headers: { 'if-none-match': `"x", ${etag.slice(2)}` } })).status).toBe(304);

  fs.writeFileSync(file, 'var entry = 2;');
  fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
  const released = await fetch(`${base}/1.0.0/remoteEntry.js`, { headers: { 'if-none-match': etag } });
  expect(released.status).toBe(200);
  expect(await released.text()).toBe('var entry = 2;');
  expect(released.headers.get('etag')).not.toBe(etag);
});
