import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, TEST_SEED, type TestServer } from './helpers';

/** The URL dispatcher's lookup and the server-rendered head of product and category pages, over HTTP. */
const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-shell-'));
fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html lang="pl"><head><meta charset="utf-8">'
  + '<meta name="description" content="Sklep z grzejnikami"><title>Kaloryfer</title></head><body><div id="root"></div>'
  + '<script defer src="/main.js"></script></body></html>');

let server: TestServer;
interface Listed { sku: string; slug: string; url_path: string; name: string; type_id: string; final_price_incl_tax: number; configurable_children?: { sku: string; final_price_incl_tax: number }[] }
let simple: Listed;
let configurable: Listed;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED, shellDist });
  const response = await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: 100, query: { _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] } }, { attribute: 'status', value: { in: [0, 1] } }] } }),
  });
  const { items } = await response.json() as { items: Listed[] };
  simple = items.find((item) => item.type_id === 'simple')!;
  configurable = items.find((item) => item.type_id === 'configurable' && (item.configurable_children?.length ?? 0) > 1)!;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(shellDist, { recursive: true, force: true });
});

const lookup = async (shopPath: string) => {
  const response = await fetch(`${server.baseUrl}/api/url?${new URLSearchParams({ path: shopPath })}`);
  return { status: response.status, body: await response.json() };
};
const page = async (shopPath: string) => {
  const response = await fetch(server.baseUrl + shopPath, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
};
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json" data-seo="server">(.*?)<\/script>/g)]
  .map((match) => JSON.parse(match[1]));

describe('GET /api/url: an unknown path is a product url_path, then a category url_path', () => {
  test('a product by its url_path', async () => {
    const { status, body } = await lookup(`/${simple.url_path}`);
    expect(status).toBe(200);
    expect(body.result).toEqual({ type: 'product', parentSku: simple.sku, slug: simple.slug, childSku: null, urlPath: simple.url_path });
  });

  test('a category by its url_path (nested), and by /c/{slug}', async () => {
    expect((await lookup('/grzejniki-lazienkowe/grzejniki-drabinkowe')).body.result).toMatchObject({ type: 'category', id: 7, slug: 'grzejniki-drabinkowe' });
    expect((await lookup('/grzejniki-lazienkowe/')).body.result).toMatchObject({ type: 'category', id: 6 });
    expect((await lookup('/c/akcesoria')).body.result).toMatchObject({ type: 'category', id: 17 });
  });

  test('the product route with a child sku keeps the child only when it is one of the product\'s', async () => {
    const child = configurable.configurable_children![1].sku;
    expect((await lookup(`/p/${configurable.sku}/${configurable.slug}/${child}`)).body.result).toMatchObject({ type: 'product', childSku: child });
    expect((await lookup(`/p/${configurable.sku}/${configurable.slug}/KF-XX-9999`)).body.result).toMatchObject({ type: 'product', childSku: null });
  });

  test.each([
    ['/nie-ma-takiej-strony'],
    ['/main'],
    ['/grzejniki-lazienkowe/nie-ma'],
    ['/p/KF-XX-9999/x'],
    ['/c/nie-ma'],
    ['/%E0%A4%A'],
  ])('%s is neither: 404 with a message', async (shopPath) => {
    const { status, body } = await lookup(shopPath);
    expect(status).toBe(404);
    expect(body.result).toMatch(/^No product or category at /);
  });

  test.each([
    ['', 'no path'],
    ['?path=', 'empty'],
    ['?path=bez-ukosnika', 'not starting with /'],
    [`?path=/${'x'.repeat(1100)}`, 'too long'],
    ['?path=/a&extra=1', 'unknown parameter'],
  ])('bad input %s (%s) is 400, never 500', async (query) => {
    const response = await fetch(`${server.baseUrl}/api/url${query}`);
    expect(response.status).toBe(400);
  });
});

describe('server-rendered head: product and category pages say what they are without JavaScript', () => {
  test('a product page: title, description, canonical, Product with a PLN offer, BreadcrumbList', async () => {
    const { status, html } = await page(`/${simple.url_path}`);
    expect(status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="https://sklep.kaloryfer.test/p/${simple.sku}/${simple.slug}" data-seo="server" />`);
    expect(html).toMatch(/<title>[^<]*<\/title>/);
    expect(html.match(/<title>([^<]*)<\/title>/)![1]).toContain(simple.name.slice(0, 40).replace(/&/g, '&amp;'));
    expect(html).not.toContain('content="Sklep z grzejnikami"');
    const [product, breadcrumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product', name: simple.name, sku: simple.sku,
      offers: { '@type': 'Offer', priceCurrency: 'PLN', price: simple.final_price_incl_tax.toFixed(2) },
    });
    // The page's first call and its picture start before the scripts run.
    expect(html).toContain(`<link rel="preload" href="/api/product-view/${simple.sku}" as="fetch" crossorigin />`);
    expect(html).toMatch(/<link rel="preload" href="\/img\/500\/500\/resize\/[^"]+" as="image" fetchpriority="high" \/>/);
    expect(product.image[0]).toMatch(/^https:\/\/sklep.kaloryfer.test\/img\/1920\/1920\/resize\//);
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Strona główna', item: 'https://sklep.kaloryfer.test/' });
    expect(breadcrumbs.itemListElement.at(-1)).toMatchObject({ name: simple.name });
    expect(breadcrumbs.itemListElement.length).toBeGreaterThanOrEqual(3);
  });

  test('a configurable product: an AggregateOffer over its variants; a chosen variant: its own offer', async () => {
    const base = `/p/${configurable.sku}/${configurable.slug}`;
    const [product] = jsonLd((await page(base)).html);
    const prices = configurable.configurable_children!.map((child) => child.final_price_incl_tax);
    expect(product.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'PLN', lowPrice: Math.min(...prices).toFixed(2) });
    const child = configurable.configurable_children![1];
    const [variant] = jsonLd((await page(`${base}/${child.sku}`)).html);
    expect(variant.offers).toMatchObject({ '@type': 'Offer', sku: child.sku, price: child.final_price_incl_tax.toFixed(2) });
    expect(variant.offers.gtin13).toMatch(/^590\d{10}$/); // the variant's EAN-13
  });

  test('a category page by url_path: its title, canonical /c/{slug}, breadcrumbs of its trail', async () => {
    const { status, html } = await page('/grzejniki-lazienkowe/grzejniki-drabinkowe?sort=price:asc');
    expect(status).toBe(200);
    expect(html).toContain('<link rel="canonical" href="https://sklep.kaloryfer.test/c/grzejniki-drabinkowe" data-seo="server" />');
    const [breadcrumbs] = jsonLd(html);
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Strona główna', 'Grzejniki łazienkowe', 'Grzejniki drabinkowe']);
  });

  test('a path that is nothing of ours is a real 404 (the shell still loads and shows page-not-found)', async () => {
    for (const shopPath of ['/nie-ma-takiej-strony', '/p/KF-XX-9999/x', '/c/nie-ma']) {
      const { status, html } = await page(shopPath);
      expect(status).toBe(404);
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('data-seo');
    }
  });

  test('other routes get the plain shell', async () => {
    const { status, html } = await page('/compare');
    expect(status).toBe(200);
    expect(html).not.toContain('data-seo');
    expect(html).toContain('<title>Kaloryfer</title>');
  });
});
