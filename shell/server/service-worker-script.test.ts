/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseRegistry } from '../src/registry/registry';
import { MemoryRegistryFeed } from './registry-snapshot';
import { startTestPageServer, type TestPageServer } from './testing/page-server-fixture';
import {
  buildFolder,
  precacheManifest,
  remoteBuildsOf,
  serviceWorkerCspDirectives,
  serviceWorkerScriptFrom,
  staticCacheControl,
  type ServiceWorkerConfig,
} from './service-worker-script';

/**
 * GET /service-worker.js: the shell build's worker with the precache list of that build and the
 * folders of the builds the registry names written in front, its own CSP, never HTTP-cached.
 * A release or a rollback gives other bytes (the browser installs a new worker on the next page
 * load); an A/B weight alone does not.
 */
const CDN = 'http://127.0.0.1:9'; // nothing listens: the manifests cannot be read (the builds still count)
const WORKER = '(()=>{"use strict";/* the built worker */})();';

const build = (remote: string, folder: string, extra: object = {}) => ({
  name: remote,
  entry: `${CDN}/${remote}/${folder}/mf-manifest.json`,
  version: folder.replace(/-[a-z]$/, ''),
  contracts: '1.0.0',
  ...extra,
});
const registry = (catalogFolder: string, weightB = 50) => ({
  timeoutMs: 8000,
  remotes: {
    catalog: build('catalog', catalogFolder),
    content: build('content', '1.0.0'),
    checkout: {
      control: 'a',
      variants: {
        a: { ...build('checkout', '1.0.0-a', { name: 'checkout_a' }), weight: 100 - weightB },
        b: { ...build('checkout', '1.0.0-b', { name: 'checkout_b' }), weight: weightB },
      },
    },
  },
});

function writeDist(dist: string, files: Record<string, string>) {
  fs.rmSync(dist, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  }
}

const SHELL_BUILD = {
  'index.html': '<html><head><link href="/main.0a1b2c3d.css" rel="stylesheet"></head><body><script defer src="/main.1234abcd.js"></script></body></html>',
  'main.1234abcd.js': 'console.log(1)',
  'main.1234abcd.js.br': 'x',
  'main.1234abcd.js.gz': 'x',
  'main.0a1b2c3d.css': 'body{margin:0}',
  '121.fe6ec07f.js': 'console.log(2)',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'service-worker.js': WORKER,
};

describe('the parts', () => {
  let dist: string;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-sw-'));
  });
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  test("the precache list: the shell's build — hashed names as they are, the others by a digest; no compressed twins, no index.html, not the worker", async () => {
    writeDist(dist, { ...SHELL_BUILD, 'fonts/inter.woff2': 'font', 'main.1234abcd.js.map': '{}' });
    const manifest = await precacheManifest(dist);
    expect(manifest.map((entry) => entry.url)).toEqual(['/121.fe6ec07f.js', '/favicon.svg', '/fonts/inter.woff2', '/main.0a1b2c3d.css', '/main.1234abcd.js']);
    expect(manifest.find((entry) => entry.url === '/main.1234abcd.js')?.revision).toBeNull();
    expect(manifest.find((entry) => entry.url === '/favicon.svg')?.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  test('a new shell build: a new version and a new precache list; the same build: the same bytes', async () => {
    writeDist(dist, SHELL_BUILD);
    let clock = 0;
    const script = serviceWorkerScriptFrom(dist, () => clock);
    const first = await script([]);
    expect((await script([]))?.text).toBe(first?.text);
    writeDist(dist, { ...SHELL_BUILD, 'index.html': '<html>new</html>', 'main.feedbeef.js': 'console.log(3)' });
    expect((await script([]))?.config.version).toBe(first?.config.version); // looked at again after a second
    clock += 1500;
    const next = await script([]);
    expect(next?.config.version).not.toBe(first?.config.version);
    expect(next?.config.precache.map((entry) => entry.url)).toContain('/main.feedbeef.js');
  });

  test('a build without its worker: none', async () => {
    writeDist(dist, { 'index.html': '<html></html>' });
    expect(await serviceWorkerScriptFrom(dist)([])).toBeNull();
  });

  test('the builds the registry names, by folder: every remote and every A/B variant', () => {
    expect(remoteBuildsOf({ registry: parseRegistry(registry('1.0.0')) })).toEqual([
      `${CDN}/catalog/1.0.0/`,
      `${CDN}/checkout/1.0.0-a/`,
      `${CDN}/checkout/1.0.0-b/`,
      `${CDN}/content/1.0.0/`,
    ]);
    expect(buildFolder('/cdn/content/2.0.0/mf-manifest.json')).toBe('/cdn/content/2.0.0/');
    expect(buildFolder('https://cdn.example/cart/1.2.0/mf-manifest.json')).toBe('https://cdn.example/cart/1.2.0/');
  });

  test("the worker's CSP: fetches from the shop and the named builds' origins, runs nothing else", () => {
    expect(serviceWorkerCspDirectives(['https://b.example/x/1/', 'https://a.example:8443/y/2/', 'https://a.example:8443/y/3/', '/cdn/z/1/'])).toEqual({
      'default-src': ["'none'"],
      'connect-src': ["'self'", 'https://a.example:8443', 'https://b.example'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
  });

  test.each([
    ['/main.1234abcd.js', 'public, max-age=31536000, immutable'],
    ['/564.5272c740.css', 'public, max-age=31536000, immutable'],
    ['/favicon.svg', 'public, max-age=2592000'], // spec §9: 30 days by default
    ['/icon-192.png', 'public, max-age=604800'], // 7 days for PNG
    ['/manifest.json', 'public, max-age=86400'], // 24 h for JSON
    ['/legacy.js', 'public, max-age=3600'], // code under a fixed name
  ])("Cache-Control of the shell's %s: %s", (file, expected) => {
    expect(staticCacheControl(file)).toBe(expected);
  });
});

describe('GET /service-worker.js from the page server', () => {
  let root: string;
  let server: TestPageServer;
  let baseUrl: string;
  const feed = new MemoryRegistryFeed();
  /** As a release changes the live registry. */
  const publish = (value: object) => feed.set(value);
  const get = (accept = 'identity') => fetch(`${baseUrl}/service-worker.js`, { headers: { 'accept-encoding': accept } });
  const configOf = (text: string): ServiceWorkerConfig => JSON.parse(/^self\.__KF_SW__=(.*);\n/.exec(text)![1]) as ServiceWorkerConfig;

  beforeAll(async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-sw-pages-'));
    writeDist(path.join(root, 'dist'), SHELL_BUILD);
    publish(registry('1.0.0'));
    server = await startTestPageServer({ shellDist: path.join(root, 'dist'), registry: feed, serverRender: false });
    baseUrl = server.baseUrl;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('the worker with its configuration in front; the headers a worker needs; its own CSP', async () => {
    const response = await get();
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none';connect-src 'self' ${CDN};frame-ancestors 'none';base-uri 'none';form-action 'none'`,
    );
    expect(text.endsWith(`;\n${WORKER}`)).toBe(true);
    const config = configOf(text);
    expect(config.version).toMatch(/^[0-9a-f]{12}$/);
    expect(config.precache).toEqual(
      expect.arrayContaining([
        { url: '/main.1234abcd.js', revision: null },
        { url: '/main.0a1b2c3d.css', revision: null },
      ]),
    );
    expect(config.precache.map((entry) => entry.url)).not.toContain('/index.html');
    expect(config.remoteBuilds).toEqual([`${CDN}/catalog/1.0.0/`, `${CDN}/checkout/1.0.0-a/`, `${CDN}/checkout/1.0.0-b/`, `${CDN}/content/1.0.0/`]);
  });

  test('brotli and gzip: the same script', async () => {
    const plain = await (await get()).text();
    const brotli = await get('br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    // fetch decodes what it is sent
    expect(await brotli.text()).toBe(plain);
    const gzip = await get('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(plain);
  });

  test('a release names the new build (new bytes: the browser installs a new worker), a rollback the old one again, an A/B weight changes nothing', async () => {
    const before = await (await get()).text();

    publish(registry('1.0.0', 20)); // only the checkout's weights
    expect(await (await get()).text()).toBe(before);

    publish(registry('1.1.0')); // npm run release -- catalog
    const released = await get();
    const releasedText = await released.text();
    expect(releasedText).not.toBe(before);
    expect(configOf(releasedText).remoteBuilds).toContain(`${CDN}/catalog/1.1.0/`);
    expect(configOf(releasedText).remoteBuilds).not.toContain(`${CDN}/catalog/1.0.0/`);

    publish(registry('1.0.0')); // npm run release -- catalog --rollback
    const rolledBack = await (await get()).text();
    expect(rolledBack).toBe(before);
    expect(configOf(rolledBack).remoteBuilds).toContain(`${CDN}/catalog/1.0.0/`);
  });

  test("the shell's files keep their Cache-Control: a year for hashed names, the spec's 30 days for the icon", async () => {
    expect((await fetch(`${baseUrl}/main.1234abcd.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${baseUrl}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=2592000');
  });
});
