import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Product } from '@kaloryfer/api-contract';
import { XMLParser } from 'fast-xml-parser';
import { MemoryParts, packText, PART_BYTES } from './file-packer';
import { productPages, w3cDate, type SitemapPage, type SitemapSource } from './sitemap-pages';
import { SITEMAP_LIMITS, sitemapIndex, urlEntry, writeSitemaps } from './sitemap-xml';
import { xmlAttribute, xmlText } from './xml-text';

const ORIGIN = 'https://sklep.kaloryfer.test';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, htmlEntities: false, trimValues: false });

/** A product as the sitemaps read it — made in memory, no database: what 100,000 of them cost to write is the point. */
function product(id: number, hidden = false): Product {
  return {
    id,
    sku: `KF-${String(id).padStart(6, '0')}`,
    slug: `grzejnik-dekoracyjny-pionowy-${id}`,
    status: hidden ? 2 : 1,
    visibility: 4,
    updated_at: '2026-11-20 08:00:00',
    image: `/product/vertical-500x1800-${(id % 0xffffff).toString(16).padStart(6, '0')}.svg`,
    media_gallery: [{ image: `/product/vertical-500x1800-f4f4f0.svg`, pos: 1, typ: 'image', lab: '', vid: null }],
    category_ids: [3, 4],
  } as unknown as Product;
}

const sourceOf = (products: Product[]): SitemapSource => ({ products, categories: [], cmsPages: [], articles: [] });
const gunzip = (bytes: Buffer) => zlib.gunzipSync(bytes).toString('utf8');

describe('escaping', () => {
  test('text and attributes carry every character as itself, and nothing XML cannot hold', () => {
    expect(xmlText('a & b < c > d "e" \'f\'')).toBe('a &amp; b &lt; c &gt; d "e" \'f\'');
    expect(xmlAttribute('a & b < c > d "e" \'f\'\tg\nh')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;&#9;g&#10;h');
    expect(xmlText('zażółć\u0000\u0007\u001f gęślą \uFFFE\uD800 jaźń 🔥')).toBe('zażółć gęślą  jaźń 🔥');
  });

  test('a URL entry with hostile values parses back to exactly those values', () => {
    const page: SitemapPage = {
      path: '/i/a&b<c>"d\'e',
      lastmod: '2026-11-21T08:00:00Z',
      images: ['https://cdn.example/a&b<c>.svg?x="1"'],
      key: 0,
    };
    const xml = `<urlset xmlns:xhtml="x" xmlns:image="y">${urlEntry(page, 'en', ORIGIN)}</urlset>`;
    const url = parser.parse(xml).urlset.url;
    expect(url.loc).toBe(`${ORIGIN}/i/a&b<c>"d'e?lang=en`);
    expect(url['image:image']['image:loc']).toBe('https://cdn.example/a&b<c>.svg?x="1"');
    expect(url['xhtml:link'].map((link: Record<string, string>) => [link['@hreflang'], link['@href']])).toEqual([
      ['pl', `${ORIGIN}/i/a&b<c>"d'e`],
      ['en', `${ORIGIN}/i/a&b<c>"d'e?lang=en`],
      ['de', `${ORIGIN}/i/a&b<c>"d'e?lang=de`],
      ['it', `${ORIGIN}/i/a&b<c>"d'e?lang=it`],
      ['x-default', `${ORIGIN}/i/a&b<c>"d'e`],
    ]);
  });

  test('the index escapes too', async () => {
    const parts = new MemoryParts();
    const packed = await packText(sitemapIndex('https://a.example/?x=1&y=2', [{ path: '/sitemaps/pages-pl-1.xml', lastmod: '2026-11-21' }]), parts);
    expect(gunzip(parts.bytes(packed.blob, 'gzip'))).toContain('<loc>https://a.example/?x=1&amp;y=2/sitemaps/pages-pl-1.xml</loc>');
  });
});

test.each([
  ['2026-11-21 08:00:00', '2026-11-21T08:00:00Z'],
  ['2026-11-21T08:00:00.123Z', '2026-11-21T08:00:00Z'],
  ['2026-11-21T08:00+0100', '2026-11-21T08:00:00+01:00'],
  ['2026-11-21', '2026-11-21'],
  ['', null],
  ['wczoraj', null],
])('lastmod %p → %p', (stored, written) => {
  expect(w3cDate(stored)).toBe(written);
});

describe('splitting at the protocol limits', () => {
  test('100,000 products: files of at most 50,000 URLs and 50 MB, every listed product once, in id order', async () => {
    const products = Array.from({ length: 100_000 }, (_, index) => product(index + 1, (index + 1) % 1_000 === 0));
    const parts = new MemoryParts();
    const started = performance.now();
    const files = await writeSitemaps(productPages(sourceOf(products), ORIGIN), 'pl', ORIGIN, parts);
    const ms = performance.now() - started;
    // A product's URL with its five alternates and two pictures is ~1 KB: 50 MB comes before 50,000 URLs.
    expect(files.length).toBe(3);
    expect(files.reduce((sum, file) => sum + file.urls, 0)).toBe(99_900);
    const seen: number[] = [];
    for (const file of files) {
      expect(file.urls).toBeLessThanOrEqual(SITEMAP_LIMITS.maxUrls);
      expect(file.file.size).toBeLessThanOrEqual(SITEMAP_LIMITS.maxBytes);
      const gzip = parts.bytes(file.file.blob, 'gzip');
      const br = parts.bytes(file.file.blob, 'br');
      // Stored as the compressors made them: in parts of PART_BYTES (the last one less), which join into the whole.
      expect([gzip.length, br.length]).toEqual([file.file.gzipSize, file.file.brSize]);
      for (const encoding of ['gzip', 'br'] as const) {
        const sizes = parts.sizes(file.file.blob, encoding);
        for (const size of sizes.slice(0, -1)) expect(size).toBe(PART_BYTES);
        expect(sizes.at(-1)).toBeLessThanOrEqual(PART_BYTES);
      }
      const text = gunzip(gzip);
      expect(Buffer.byteLength(text)).toBe(file.file.size);
      expect(createHash('sha256').update(text).digest('hex')).toBe(file.file.sha256);
      expect(zlib.brotliDecompressSync(br).toString('utf8')).toBe(text);
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
      expect(text.endsWith('</urlset>\n')).toBe(true);
      for (const match of text.matchAll(/<loc>[^<]*\/p\/KF-(\d{6})\//g)) seen.push(Number(match[1]));
    }
    expect(seen).toEqual(products.filter((candidate) => candidate.status < 2).map((candidate) => candidate.id));
    expect(files[0].file.size).toBeGreaterThan(SITEMAP_LIMITS.maxBytes - 2_000);
    expect(files[1].firstKey).toBe(seen[files[0].urls]);
    expect(files[2].firstKey).toBe(seen[files[0].urls + files[1].urls]);
    console.log(`100,000 products, one language: ${files.length} files, ${Math.round(ms)} ms`);
  });

  test('a file is closed before the URL that would take it past the byte limit', async () => {
    const limits = { maxUrls: 50_000, maxBytes: 200_000 };
    const products = Array.from({ length: 2_000 }, (_, index) => product(index + 1));
    const files = await writeSitemaps(productPages(sourceOf(products), ORIGIN), 'de', ORIGIN, new MemoryParts(), limits);
    expect(files.length).toBeGreaterThan(1);
    expect(files.reduce((sum, file) => sum + file.urls, 0)).toBe(2_000);
    for (const file of files) expect(file.file.size).toBeLessThanOrEqual(limits.maxBytes);
    // Nearly full: the next URL would not have fitted.
    for (const file of files.slice(0, -1)) expect(file.file.size).toBeGreaterThan(limits.maxBytes - 1_500);
    expect(files.slice(1).every((file, index) => file.firstKey > files[index].firstKey)).toBe(true);
  });

  test('and past the URL limit', async () => {
    const files = await writeSitemaps(
      productPages(sourceOf(Array.from({ length: 25 }, (_, index) => product(index + 1))), ORIGIN),
      'it',
      ORIGIN,
      new MemoryParts(),
      {
        maxUrls: 10,
        maxBytes: SITEMAP_LIMITS.maxBytes,
      },
    );
    expect(files.map((file) => [file.urls, file.firstKey])).toEqual([
      [10, 1],
      [10, 11],
      [5, 21],
    ]);
  });

  test('no pages, no file; a range of ids is just those products', async () => {
    expect(await writeSitemaps([], 'pl', ORIGIN, new MemoryParts())).toEqual([]);
    const products = Array.from({ length: 30 }, (_, index) => product(index + 1));
    expect([...productPages(sourceOf(products), ORIGIN, 11, 21)].map((page) => page.key)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});
