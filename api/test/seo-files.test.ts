import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Product } from '@kaloryfer/api-contract';
import { linkTo, localizedPath, SEO_LANGUAGES } from '@kaloryfer/contracts';
import { imageUrl, isViewable } from '@kaloryfer/domain';
import { importCatalog } from '../src/catalog/import/apply-import';
import type { SeoFileTimings } from '../src/config';
import { eventually, startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * The generated SEO files over HTTP (docs/seo.md): the sitemaps validated against the
 * sitemaps.org schemas (and Google's image extension, the XHTML alternates) with xmllint, what
 * they list, the way they are served (ETag, 304, gzip and Brotli, Last-Modified), two instances
 * serving the same bytes while one writes, and a price import reaching the sitemaps and feeds
 * within the window. The debounce is shortened through the settings (SEO_FILES_*), as an
 * operator would.
 */
const FAST: SeoFileTimings = { debounceMs: 200, maxDelayMs: 1_000, minIntervalMs: 0 };
const XSD = path.join(__dirname, 'fixtures', 'xsd');
const ORIGIN = 'https://sklep.kaloryfer.test';
const HREFLANGS = SEO_LANGUAGES.map((entry) => entry.hreflang);

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add and undo Accept-Encoding itself). */
function raw(server: TestServer, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(target, server.baseUrl), { method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const text = async (server: TestServer, target: string) => {
  const response = await raw(server, target, { 'accept-encoding': 'gzip' });
  expect(response.status).toBe(200);
  return zlib.gunzipSync(response.body).toString('utf8');
};

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1].replace(/&amp;/g, '&'));

interface UrlEntry {
  loc: string;
  lastmod: string | null;
  alternates: [string, string][];
  images: string[];
}

function urlsOf(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(body)![1].replace(/&amp;/g, '&'),
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1] ?? null,
    alternates: [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, hreflang, href]) => [hreflang, href.replace(/&amp;/g, '&')] as [string, string],
    ),
    images: [...body.matchAll(/<image:loc>([^<]*)<\/image:loc>/g)].map((match) => match[1]),
  }));
}

/** Every sitemap of the index, by its path, as text. */
async function allSitemaps(server: TestServer): Promise<Map<string, string>> {
  const index = await text(server, '/sitemap.xml');
  const files = new Map<string, string>();
  for (const loc of locsOf(index)) files.set(new URL(loc).pathname, await text(server, new URL(loc).pathname));
  return files;
}

/** The product's canonical path, as its page's head writes it (mfe-catalog/src/seo/catalog-head.ts: linkTo, then the page's language). */
const productPath = (product: Pick<Product, 'sku' | 'slug'>) => linkTo({ name: 'product', parentSku: product.sku, slug: product.slug });

function xmllint(schema: string, files: string[]): { ok: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--schema', path.join(XSD, schema), ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`xmllint is needed to validate the sitemaps (Debian: apt-get install libxml2-utils): ${run.error.message}`);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const setDoc = async (server: TestServer, product: Product, change: Partial<Pick<Product, 'status' | 'visibility'>>) => {
  const row = await server.db.kysely.selectFrom('product').select('doc').where('id', '=', product.id).executeTakeFirstOrThrow();
  const doc = { ...(JSON.parse(row.doc) as Product), ...change };
  await server.db.kysely
    .updateTable('product')
    .set({ doc: JSON.stringify(doc), status: doc.status, visibility: doc.visibility })
    .where('id', '=', product.id)
    .execute();
};

describe('a seeded shop', () => {
  let server: TestServer;
  let second: TestServer;
  let products: Product[];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-sitemaps-'));

  beforeAll(async () => {
    server = await startTestServer({ seed: TEST_SEED, config: { seoFiles: FAST } });
    second = await startTestServer({ instanceOf: server, config: { seoFiles: FAST } });
    products = server.app.catalog.products;
    // The first files: written at start by the instance that took the lease (the sitemaps, then the feeds).
    await eventually(async () => (await raw(server, '/sitemap.xml')).status === 200, 25_000);
    await eventually(async () => (await server.app.seoFiles.store.state()).generatedAt !== null, 25_000);
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('the index and every sitemap validate against the sitemaps.org schemas (with the image and alternate extensions)', async () => {
    const index = await text(server, '/sitemap.xml');
    fs.writeFileSync(path.join(tmp, 'sitemap.xml'), index);
    expect(xmllint('siteindex.xsd', [path.join(tmp, 'sitemap.xml')])).toEqual({ ok: true, output: expect.stringContaining('validates') });
    const files = await allSitemaps(server);
    expect([...files.keys()].sort()).toEqual(
      HREFLANGS.flatMap((hreflang) => ['advice', 'categories', 'pages', 'products'].map((section) => `/sitemaps/${section}-${hreflang}-1.xml`)).sort(),
    );
    const written = [...files].map(([name, xml]) => {
      const file = path.join(tmp, path.basename(name));
      fs.writeFileSync(file, xml);
      return file;
    });
    const checked = xmllint('sitemap-with-extensions.xsd', written);
    expect(checked.output).not.toMatch(/fails to validate|error/i);
    expect(checked.ok).toBe(true);
    // The check can fail: a lastmod in the documents' own form is refused.
    fs.writeFileSync(
      path.join(tmp, 'broken.xml'),
      files.get('/sitemaps/products-pl-1.xml')!.replace(/<lastmod>[^<]*<\/lastmod>/, '<lastmod>2026-11-21 08:00:00</lastmod>'),
    );
    expect(xmllint('sitemap-with-extensions.xsd', [path.join(tmp, 'broken.xml')]).ok).toBe(false);
  });

  test('the products are every listed product once per language, at the canonical address its page declares, with its pictures', async () => {
    const files = await allSitemaps(server);
    const listed = products.filter(isViewable);
    expect(listed.length).toBeGreaterThan(250);
    expect(listed.length).toBeLessThan(products.length); // the seed has products not shown on their own
    for (const hreflang of HREFLANGS) {
      const urls = urlsOf(files.get(`/sitemaps/products-${hreflang}-1.xml`)!);
      expect(urls.map((url) => url.loc)).toEqual(listed.map((product) => ORIGIN + localizedPath(productPath(product), hreflang)));
      const first = listed[0];
      expect(urls[0].lastmod).toBe(`${first.updated_at.replace(' ', 'T')}Z`);
      expect(urls[0].images[0]).toBe(ORIGIN + imageUrl(first.image, 1920));
    }
    // The address opens the product (the URL dispatcher and the page's head ask the same resolver).
    for (const product of listed.slice(0, 5)) {
      const response = await fetch(`${server.baseUrl}/api/url?${new URLSearchParams({ path: productPath(product) })}`);
      expect(((await response.json()) as { result: { type: string; parentSku: string } }).result).toMatchObject({ type: 'product', parentSku: product.sku });
    }
    // Variants are states of their product's page, not pages.
    const variant = products.find((product) => product.configurable_children?.length)!.configurable_children![0];
    expect([...files.values()].join('')).not.toContain(`/${variant.sku}<`);
  });

  test('categories (active, below the main one), CMS pages, the advice pages; lastmod from their own dates', async () => {
    const files = await allSitemaps(server);
    const categories = urlsOf(files.get('/sitemaps/categories-pl-1.xml')!);
    const shown = server.app.catalog.categories.filter((category) => category.is_active && category.level >= 2);
    expect(categories.map((url) => url.loc).sort()).toEqual(shown.map((category) => `${ORIGIN}/c/${category.slug}`).sort());
    const ladders = server.app.catalog.categories.find((category) => category.slug === 'grzejniki-drabinkowe')!;
    const newest = products
      .filter((product) => isViewable(product) && product.category_ids.includes(ladders.id))
      .map((product) => product.updated_at)
      .sort()
      .at(-1)!;
    expect(categories.find((url) => url.loc === `${ORIGIN}/c/grzejniki-drabinkowe`)!.lastmod).toBe(`${newest.replace(' ', 'T')}Z`);
    const pages = urlsOf(files.get('/sitemaps/pages-en-1.xml')!);
    expect(pages.slice(0, 3)).toEqual(
      ['/?lang=en', '/categories?lang=en', '/brands?lang=en'].map((path) => expect.objectContaining({ loc: ORIGIN + path, lastmod: null })),
    );
    const cms = server.app.catalog.cmsPages.filter((page) => page.active);
    expect(pages.slice(3).map((url) => url.loc)).toEqual(cms.map((page) => `${ORIGIN}/i/${page.identifier}?lang=en`));
    // /porady, each topic (its own page, canonical to itself), then each article.
    const advice = urlsOf(files.get('/sitemaps/advice-de-1.xml')!);
    const articles = server.app.catalog.articles;
    const topics = [...new Set(articles.map((article) => article.topic))].sort();
    const lists = [null, ...topics].flatMap((topic) => {
      const count = articles.filter((article) => topic === null || article.topic === topic).length;
      return Array.from({ length: Math.max(1, Math.ceil(count / 12)) }, (_, index) =>
        [topic ? `topic=${topic}` : '', index > 0 ? `page=${index + 1}` : '', 'lang=de'].filter(Boolean).join('&'),
      );
    });
    expect(lists).toContain('page=2&lang=de'); // the seed's articles fill more than one page of 12
    expect(advice.map((url) => url.loc)).toEqual([
      ...lists.map((query) => `${ORIGIN}/porady?${query}`),
      ...articles.map((article) => `${ORIGIN}/porady/${article.slug}?lang=de`),
    ]);
    expect(advice[0].lastmod).toBe(
      articles
        .map((article) => article.published_at)
        .sort()
        .at(-1),
    );
    const article = articles[0];
    expect(advice.find((url) => url.loc === `${ORIGIN}/porady/${article.slug}?lang=de`)?.lastmod).toBe(article.published_at);
  });

  test('hreflang alternates are reciprocal: every language of a page names the same set, each of which is listed', async () => {
    const urls = [...(await allSitemaps(server)).values()].flatMap(urlsOf);
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    expect(byLoc.size).toBe(urls.length); // each address once
    const problems: string[] = [];
    for (const url of urls) {
      const set = JSON.stringify(url.alternates);
      if (JSON.stringify(url.alternates.map(([hreflang]) => hreflang)) !== JSON.stringify([...HREFLANGS, 'x-default']))
        problems.push(`${url.loc}: languages ${set}`);
      if (!url.alternates.some(([, href]) => href === url.loc)) problems.push(`${url.loc}: not among its own alternates`);
      if (url.alternates.at(-1)![1] !== url.alternates[0][1]) problems.push(`${url.loc}: x-default is not the Polish page`);
      for (const [, href] of url.alternates) {
        const other = byLoc.get(href);
        if (!other) problems.push(`${url.loc}: alternate ${href} is listed nowhere`);
        else if (JSON.stringify(other.alternates) !== set) problems.push(`${url.loc}: ${href} names other alternates`);
      }
    }
    expect(problems).toEqual([]);
    expect(urls.length).toBeGreaterThan(1_000);
  });

  test('served with ETag, Last-Modified, Cache-Control; gzip or Brotli as accepted, or plain; 304 for what the client has', async () => {
    const gzip = await raw(server, '/sitemaps/products-pl-1.xml', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers).toMatchObject({
      'content-type': 'application/xml; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=60',
      vary: 'Accept-Encoding',
    });
    const xml = zlib.gunzipSync(gzip.body).toString('utf8');
    expect(gzip.headers.etag).toMatch(/^"[0-9a-f]{32}-gzip"$/);
    expect(Date.parse(gzip.headers['last-modified']!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    const br = await raw(server, '/sitemaps/products-pl-1.xml', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(xml);
    expect(br.headers.etag).toBe(gzip.headers.etag!.replace('-gzip', '-br'));
    const plain = await raw(server, '/sitemaps/products-pl-1.xml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(xml);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(xml)));
    const refused = await raw(server, '/sitemaps/products-pl-1.xml', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const again = await raw(server, '/sitemaps/products-pl-1.xml', { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(gzip.headers.etag);
    expect((await raw(server, '/sitemaps/products-pl-1.xml', { 'accept-encoding': 'gzip', 'if-none-match': '"0000"' })).status).toBe(200);
    expect((await raw(server, '/sitemaps/products-pl-1.xml', { 'if-modified-since': gzip.headers['last-modified']! })).status).toBe(304);
    const head = await raw(server, '/sitemap.xml', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toMatch(/-gzip"$/);
    expect((await raw(server, '/sitemaps/products-xx-1.xml')).status).toBe(404);
    expect((await raw(server, '/sitemaps/..%2Fsitemap.xml')).status).toBe(404);
  });

  test('every instance serves the same bytes; one writes them', async () => {
    for (const name of ['/sitemap.xml', '/sitemaps/products-de-1.xml', '/feeds/google-merchant.xml', '/feeds/ceneo.xml']) {
      const [a, b] = await Promise.all([raw(server, name, { 'accept-encoding': 'br' }), raw(second, name, { 'accept-encoding': 'br' })]);
      expect(b.status).toBe(200);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(b.body.equals(a.body)).toBe(true);
    }
    expect(server.app.seoFiles.stats.runs).toBeGreaterThan(0);
    expect(second.app.seoFiles.stats.runs).toBe(0);
  });

  test('robots.txt names the sitemap at the public origin', async () => {
    const robots = await raw(server, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body.toString()).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(robots.body.toString()).toContain('\nDisallow: /checkout$\n');
    expect(robots.headers['x-robots-tag']).toBeUndefined();
  });

  test('a price import reaches the product sitemap (lastmod) and both feeds within the window; only what it touched is written', async () => {
    const product = products.find(
      (candidate) =>
        candidate.type_id === 'simple' && isViewable(candidate) && candidate.special_price == null && candidate.image && candidate.stock.is_in_stock,
    )!;
    const price = 4321.09;
    const before = await server.db.kysely.selectFrom('seo_file').select(['name', 'checked_at', 'sha256']).execute();
    const started = Date.now();
    const outcome = await importCatalog(server.db, `sku;price\n${product.sku};${price.toFixed(2)}\n`, { now: new Date('2026-11-21T12:34:56Z') });
    expect(outcome.ok).toBe(true);
    const loc = ORIGIN + productPath(product);
    const offer = (xml: string, opening: string, closing: string) =>
      xml
        .split(opening)
        .find((part) => part.includes(`>${product.sku}<`) || part.includes(`"${product.sku}"`))
        ?.split(closing)[0] ?? '';
    // After a change the feeds are stored first (a price comparison must not show the old price
    // a moment longer than it has to), then the sitemaps: each is waited for.
    await eventually(
      async () => offer(await text(server, '/feeds/google-merchant.xml'), '<item>', '</item>').includes(`<g:price>${price.toFixed(2)} PLN</g:price>`),
      60_000,
    );
    await eventually(async () => offer(await text(server, '/feeds/ceneo.xml'), '<o ', '</o>').includes(`price="${price.toFixed(2)}"`), 60_000);
    await eventually(
      async () => urlsOf(await text(server, '/sitemaps/products-pl-1.xml')).find((url) => url.loc === loc)?.lastmod === '2026-11-21T12:34:56Z',
      60_000,
    );
    const stagesOfLastRun = async () => {
      const row = await server.db.kysely.selectFrom('seo_state').select('report').executeTakeFirst();
      return row?.report ? (JSON.parse(row.report) as { stages: { part: string }[] }).stages.map((stage) => stage.part).join(', ') : '';
    };
    await eventually(async () => (await stagesOfLastRun()) === 'feeds/google-merchant.xml, feeds/ceneo.xml, sitemaps', 30_000);
    const ms = Date.now() - started;
    expect(ms).toBeLessThan(60_000);
    console.log(
      `price import → sitemap lastmod and feeds: ${ms} ms (the change reaches the catalogue: SQLite's poll 2 s, PostgreSQL's notification; SEO_FILES_DEBOUNCE_MS 200 here)`,
    );
    // Incremental: the pages and advice sitemaps were neither written nor looked at again.
    const after = new Map((await server.db.kysely.selectFrom('seo_file').select(['name', 'checked_at', 'sha256']).execute()).map((row) => [row.name, row]));
    for (const row of before.filter((entry) => /sitemaps\/(pages|advice)-/.test(entry.name))) expect(after.get(row.name)).toEqual(row);
    for (const hreflang of HREFLANGS)
      expect(after.get(`sitemaps/products-${hreflang}-1.xml`)!.sha256).not.toBe(
        before.find((row) => row.name === `sitemaps/products-${hreflang}-1.xml`)!.sha256,
      );
    // The other instance serves the new bytes too.
    expect((await raw(second, '/feeds/ceneo.xml', { 'accept-encoding': 'gzip' })).headers.etag).toBe(
      (await raw(server, '/feeds/ceneo.xml', { 'accept-encoding': 'gzip' })).headers.etag,
    );
  }, 90_000);

  test('a product hidden (visibility 1) or disabled (status 2) leaves every sitemap and feed', async () => {
    const [hidden, disabled] = products.filter((candidate) => candidate.type_id === 'simple' && isViewable(candidate) && candidate.image).slice(-2);
    await setDoc(server, hidden, { visibility: 1 });
    await setDoc(server, disabled, { status: 2 });
    const gone = (xml: string) => !xml.includes(`/p/${hidden.sku}/`) && !xml.includes(`/p/${disabled.sku}/`);
    await eventually(async () => gone([...(await allSitemaps(server)).values()].join('')), 30_000);
    const inFeeds = async () => (await text(server, '/feeds/google-merchant.xml')) + (await text(server, '/feeds/ceneo.xml'));
    await eventually(async () => {
      const feeds = await inFeeds();
      return ![hidden, disabled].some((product) => feeds.includes(`>${product.sku}<`) || feeds.includes(`"${product.sku}"`));
    }, 30_000);
    // Shown again: back in its place.
    await setDoc(server, hidden, { visibility: 4 });
    await eventually(async () => (await text(server, '/sitemaps/products-it-1.xml')).includes(`/p/${hidden.sku}/`), 30_000);
  }, 90_000);
});

describe('a staging shop with a private feed', () => {
  let server: TestServer;
  const TOKEN = 'feed-token-0123456789abcdef';

  beforeAll(async () => {
    server = await startTestServer({ config: { seoFiles: FAST, robots: 'noindex', feedToken: TOKEN } });
    await eventually(async () => (await server.app.seoFiles.store.state()).generatedAt !== null, 25_000);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  test('robots.txt disallows everything and names no sitemap; every answer says noindex', async () => {
    const robots = await raw(server, '/robots.txt');
    expect(robots.body.toString()).toMatch(/\nUser-agent: \*\nDisallow: \/\n$/);
    expect(robots.body.toString()).not.toContain('Sitemap:');
    expect(robots.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await raw(server, '/api/health')).headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  test('a feed needs its token; sitemaps never do', async () => {
    expect((await raw(server, '/feeds/ceneo.xml')).status).toBe(404);
    expect((await raw(server, '/feeds/ceneo.xml?token=')).status).toBe(404);
    expect((await raw(server, '/feeds/ceneo.xml?token=feed-token-0123456789abcdeX')).status).toBe(403);
    expect((await raw(server, `/feeds/ceneo.xml?token=${TOKEN}x`)).status).toBe(403);
    for (const feed of ['/feeds/ceneo.xml', '/feeds/google-merchant.xml']) {
      const response = await raw(server, `${feed}?token=${TOKEN}`, { 'accept-encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('private, max-age=60');
      expect(zlib.gunzipSync(response.body).toString()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    }
    expect((await raw(server, '/sitemap.xml')).status).toBe(200);
  });

  test('until the first files are written: 503 with Retry-After; then they are', async () => {
    await server.app.seoFiles.stop();
    await server.db.kysely.deleteFrom('seo_file').execute();
    await server.db.kysely.updateTable('seo_state').set({ watermark: null, generated_at: null, priced_day: null }).execute();
    const waiting = await raw(server, '/sitemap.xml');
    expect(waiting.status).toBe(503);
    expect(waiting.headers['retry-after']).toBe('10');
    expect(waiting.headers['cache-control']).toBe('no-store');
    expect((await raw(server, `/feeds/google-merchant.xml?token=${TOKEN}`)).status).toBe(503);
    server.app.seoFiles.start('seo-test:restarted');
    // The sitemaps are stored first, then the feeds; once the run is done, an unknown name is a 404.
    await eventually(async () => (await raw(server, '/sitemap.xml')).status === 200, 20_000);
    await eventually(async () => (await raw(server, `/feeds/google-merchant.xml?token=${TOKEN}`)).status === 200, 20_000);
    await eventually(async () => (await server.app.seoFiles.store.state()).generatedAt !== null, 20_000);
    expect((await raw(server, '/sitemaps/nothing-pl-1.xml')).status).toBe(404);
  });
});
