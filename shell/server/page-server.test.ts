/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { installPageServer } from './page-server';
import { MemoryRegistryFeed } from './registry-snapshot';
import { startTestPageServer, type TestPageServer } from './testing/page-server-fixture';

/**
 * The page server's answers over HTTP carry the shop's security headers and each page its own
 * CSP: a fresh nonce per response that the page's inline script and stylesheets carry, the
 * pinned remotes' origins, and no framing. (The builds here have no server code: every region
 * is the browser's — the headers do not depend on it.)
 */
const CDN = 'http://127.0.0.1:9'; // nothing listens: manifests cannot be read, entries sit beside them
let root: string;
let server: TestPageServer;
let baseUrl: string;

beforeAll(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-pages-'));
  const shellDist = path.join(root, 'dist');
  fs.mkdirSync(shellDist);
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><link href="/main.css" rel="stylesheet"></head><body><script defer src="/main.1234abcd.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(shellDist, 'main.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(shellDist, 'main.1234abcd.js'), 'console.log(1)');
  const build = (remote: string) => ({ name: remote, entry: `${CDN}/${remote}/1.0.0/mf-manifest.json`, version: '1.0.0', contracts: '1.0.0' });
  const registry = new MemoryRegistryFeed({ timeoutMs: 8000, remotes: { catalog: build('catalog'), content: build('content') } });
  server = await startTestPageServer({ shellDist, registry, serverRender: true });
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const cspOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

/** A page's text without its per-response CSP nonces. */
const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

test('a page: its CSP names the nonce its inline script and styles carry and the pinned remote origin; not frameable; the other headers', async () => {
  const response = await fetch(`${baseUrl}/c/grzejniki`);
  const html = await response.text();
  expect(response.status).toBe(200);
  const csp = cspOf(response);
  const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonce}'`, CDN]);
  expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`, CDN]);
  expect(csp['connect-src']).toEqual(["'self'", CDN, 'https://google.com/pay', 'https://pay.google.com']); // + the wallet check's manifest
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['form-action']).toEqual(["'self'", 'http://shop.test']);
  expect(csp).not.toHaveProperty('upgrade-insecure-requests'); // plain http
  expect(html).toContain(`<style data-kf="shell" nonce="${nonce}">body{margin:0}</style>`);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('payment=(self)');
  expect(response.headers.get('strict-transport-security')).toBeNull();
});

test('a shop that does not trace writes no trace context into its pages (docs/operations.md, "Traces")', async () => {
  const html = await (
    await fetch(`${baseUrl}/p/KF-1/grzejnik`, { headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } })
  ).text();
  expect(html).toContain('<meta name="viewport"');
  expect(html).not.toContain('traceparent'); // not even the caller's: nothing is propagated while tracing is off
});

test('a new nonce for every page', async () => {
  const nonces = await Promise.all([1, 2, 3].map(async () => /<script nonce="([^"]+)">/.exec(await (await fetch(`${baseUrl}/`)).text())?.[1]));
  expect(new Set(nonces).size).toBe(3);
});

test("the shell's files and the registry keep the do-nothing CSP, with nosniff", async () => {
  for (const file of ['/main.1234abcd.js', '/mfe-registry.json']) {
    const response = await fetch(baseUrl + file);
    expect(response.status).toBe(200);
    expect(cspOf(response)).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  }
});

test('the page server refuses to start without the security headers', async () => {
  const bare = Fastify();
  await expect(
    installPageServer(bare, {
      shellDist: root,
      registry: new MemoryRegistryFeed(),
      apiOrigin: CDN,
      publicOrigin: 'http://shop.test',
      serverRender: false,
      renderCacheMs: 0,
    }),
  ).rejects.toThrow(/security headers/);
  await bare.close();
});

describe('the cookie banner', () => {
  const chosen = `kf_consent=${encodeURIComponent(`v=1&a=0&m=0&t=${Math.floor(Date.now() / 1000)}`)}`;
  const bannerOf = (html: string) => /<div id="kf-consent">[\s\S]*?<\/section><\/div>/.exec(html)?.[0] ?? null;

  test('a page for a shopper with no choice (or one under an older policy) carries the banner, first in <body>, with a form its buttons post', async () => {
    for (const cookie of ['', `kf_consent=${encodeURIComponent('v=0&a=1&m=1&t=1')}`]) {
      const html = await (await fetch(`${baseUrl}/c/grzejniki`, { headers: { cookie } })).text();
      const banner = bannerOf(html);
      expect(banner).toContain('Pliki cookies w sklepie Kaloryfer');
      expect(html).toContain(`<body>${banner}<div id="root">`);
      // Its ids are its own (a region's root counts React ids from the same start).
      expect(banner).toMatch(/aria-labelledby="_?kf-consent-[^"]+"/);
      expect(banner).toMatch(/<form class="consent-actions" action="\/cookie-consent" method="post">/);
      expect(banner).toMatch(/<button type="submit" value="all" class="button consent-choice" name="choice">Akceptuję wszystkie<\/button>/);
      expect(banner).toMatch(/<button type="submit" value="none" class="button consent-choice" name="choice">Odrzucam<\/button>/);
    }
  });

  test('a shopper who chose gets no banner', async () => {
    const html = await (await fetch(`${baseUrl}/c/grzejniki`, { headers: { cookie: chosen } })).text();
    expect(html).not.toContain('kf-consent');
  });

  test('the form stores the choice as the banner does and sends the shopper back to the page; anything else stores nothing', async () => {
    const post = (body: string, referer?: string) =>
      fetch(`${baseUrl}/cookie-consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) },
        body,
      });
    const rejected = await post('choice=none', `${baseUrl}/c/grzejniki?page=2`);
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toBe('/c/grzejniki?page=2');
    expect(decodeURIComponent(rejected.headers.get('set-cookie') ?? '')).toMatch(/^kf_consent=v=1&a=0&m=0&t=\d+; Max-Age=31536000; Path=\/; SameSite=Lax$/);

    const accepted = await post('choice=all', `${baseUrl}/`);
    expect(decodeURIComponent(accepted.headers.get('set-cookie') ?? '')).toMatch(/^kf_consent=v=1&a=1&m=1&t=\d+;/);

    for (const [body, referer] of [
      ['choice=some', `${baseUrl}/`],
      ['choice=toString', `${baseUrl}/`],
      ['', undefined],
      ['choice=all', 'https://elsewhere.example/phish'],
    ] as const) {
      const answer = await post(body, referer);
      expect(answer.status).toBe(303);
      if (referer?.startsWith('https://elsewhere')) expect(answer.headers.get('set-cookie')).not.toBeNull();
      else expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('location')).toBe('/'); // another site's address is never where the shop sends anyone
    }
  });

  test.each([
    ['another site (Sec-Fetch-Site cross-site)', { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' }, 403],
    ['another origin, said by Origin only', { origin: 'https://elsewhere.example' }, 403],
    ['a sandboxed frame (Origin null)', { 'sec-fetch-site': 'cross-site', origin: 'null' }, 403],
    ['the shop itself', { 'sec-fetch-site': 'same-origin', origin: 'http://shop.test' }, 303],
    ['the shop, by an older browser (Origin only)', { origin: 'http://shop.test' }, 303],
    ['no browser (neither header)', {}, 303],
  ])('a choice posted from %s → %i: another site cannot make it for the shopper (CSRF)', async (_from, headers, status) => {
    const answer = await fetch(`${baseUrl}/cookie-consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'choice=all',
    });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('set-cookie') !== null).toBe(status === 303);
  });
});

describe('TLS and the encoding, each decided in one place for every answer', () => {
  test('behind a proxy that ends TLS (an https public origin): HSTS, the page upgrades its requests, and the consent and override cookies are Secure', async () => {
    const registry = new MemoryRegistryFeed({ timeoutMs: 8000, remotes: {} });
    const tls = await startTestPageServer({ shellDist: path.join(root, 'dist'), registry, serverRender: false, publicOrigin: 'https://shop.test' });
    try {
      const page = await fetch(`${tls.baseUrl}/c/grzejniki`);
      expect(cspOf(page)).toHaveProperty('upgrade-insecure-requests');
      expect(page.headers.get('strict-transport-security')).not.toBeNull();
      const consent = await fetch(`${tls.baseUrl}/cookie-consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'choice=none',
      });
      expect(consent.headers.get('set-cookie')).toMatch(/; Secure/);
      const override = await fetch(`${tls.baseUrl}/__override?end`, { redirect: 'manual' });
      expect(override.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await tls.close();
    }
  });

  test('over plain http the override cookie is not Secure', async () => {
    const override = await fetch(`${baseUrl}/__override?end`, { redirect: 'manual' });
    expect(override.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax$/);
  });

  test.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br', null],
    ['identity', null],
  ])('a page asked for with Accept-Encoding: %s is sent as %s, the same page', async (accepted, encoding) => {
    const plain = await fetch(`${baseUrl}/c/grzejniki`, { headers: { 'accept-encoding': 'identity' } }).then((response) => response.text());
    // Twice: the second is made of the shared parts' deflated pieces kept from the first.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${baseUrl}/c/grzejniki`, { headers: { 'accept-encoding': accepted } });
      expect(page.headers.get('content-encoding')).toBe(encoding);
      // fetch inflates (and checks the CRC and length of) a gzip answer.
      expect(withoutNonces(await page.text())).toBe(withoutNonces(plain));
    }
  });
});
