import zlib from 'node:zlib';
import type { Product } from '@kaloryfer/api-contract';
import type { Catalog } from '../catalog/catalog';
import { MemoryParts } from './file-packer';
import { generateFiles, type GeneratorOutput } from './seo-file-generator';
import { emptyPlan, planOf, type SeoFilePlan } from './seo-file-plan';
import type { StoredFileMeta } from './seo-file-store';
import type { SitemapSource } from './sitemap-pages';

/**
 * What a run writes again (docs/seo.md, "How the files are kept fresh"), on a catalogue made in
 * memory with small limits (10 URLs a file), so a language's products span several files.
 */
const ORIGIN = 'https://sklep.kaloryfer.test';
const LIMITS = { maxUrls: 10, maxBytes: 50 * 1024 * 1024 };
/** Every run's compressed bytes, as the store's parts would hold them. */
const parts = new MemoryParts();
const gunzipped = (file: GeneratorOutput['files'][number]) => zlib.gunzipSync(parts.bytes(file.packed.blob, 'gzip')).toString();

function product(id: number, updated = '2026-11-20 08:00:00'): Product {
  return {
    id,
    sku: `KF-${id}`,
    slug: `grzejnik-${id}`,
    status: 1,
    visibility: 4,
    updated_at: updated,
    image: '',
    media_gallery: [],
    category_ids: [3],
  } as unknown as Product;
}

function source(products: Product[]): SitemapSource {
  return {
    products,
    categories: [{ id: 3, slug: 'grzejniki', level: 2, is_active: true }] as unknown as SitemapSource['categories'],
    cmsPages: [{ id: 1, identifier: 'regulamin', active: true, updated_at: '2026-11-01 09:00:00' }] as unknown as SitemapSource['cmsPages'],
    articles: [],
  };
}

/** The stored set after a run: what the store would hold. */
function stored(previous: StoredFileMeta[], output: GeneratorOutput): StoredFileMeta[] {
  const byName = new Map(previous.map((meta) => [meta.name, meta]));
  for (const name of output.drop) byName.delete(name);
  for (const file of output.files) {
    byName.set(file.name, {
      name: file.name,
      contentType: file.contentType,
      sha256: file.packed.sha256,
      size: file.packed.size,
      blob: file.packed.blob,
      entries: file.entries,
      meta: file.meta,
      changedAt: file.changedAt,
      checkedAt: '',
      watermark: 0,
    });
  }
  return [...byName.values()];
}

async function run(products: Product[], plan: SeoFilePlan, before: StoredFileMeta[], at = '2026-11-21T10:00:00Z') {
  const catalog = source(products);
  const output = await generateFiles({
    plan,
    context: { catalog: catalog as unknown as Catalog, origin: ORIGIN, now: new Date(at) },
    productIdOf: (sku) => products.find((candidate) => candidate.sku === sku)?.id,
    stored: before,
    sink: parts,
    limits: LIMITS,
    at: new Date(at),
  });
  return { output, after: stored(before, output) };
}

/** Every section anew but the feeds (which read a real catalogue: the API tests cover them). */
const sitemapsAnew = (): SeoFilePlan => ({ ...emptyPlan(), sections: new Set(['pages', 'categories', 'advice']), productSkus: new Set(['KF-unknown']) });

const productsIn = (meta: StoredFileMeta[], name: string) => meta.find((file) => file.name === name)?.entries;

describe('products: only the file holding a changed product, in each language', () => {
  const products = Array.from({ length: 35 }, (_, index) => product(index + 1));
  let first: StoredFileMeta[];

  beforeAll(async () => {
    first = (await run(products, sitemapsAnew(), [])).after;
  });

  test('the first run splits each language at the limit, the first file from id 0', () => {
    for (const hreflang of ['pl', 'en', 'de', 'it']) {
      expect([1, 2, 3, 4].map((number) => productsIn(first, `sitemaps/products-${hreflang}-${number}.xml`))).toEqual([10, 10, 10, 5]);
      expect(first.find((file) => file.name === `sitemaps/products-${hreflang}-1.xml`)!.meta).toEqual({ section: 'products', language: hreflang, from: 0 });
      expect(first.find((file) => file.name === `sitemaps/products-${hreflang}-3.xml`)!.meta).toMatchObject({ from: 21 });
    }
    expect(first.some((file) => file.name.startsWith('feeds/'))).toBe(false);
  });

  test('a price change to product 15: its file (2) in every language, the categories and the index; nothing else', async () => {
    const changed = products.map((candidate) => (candidate.id === 15 ? product(15, '2026-11-21 09:30:00') : candidate));
    const plan = planOf([{ seq: 1, sku: 'KF-15', kind: 'price' }], false);
    const { output, after } = await run(changed, { ...plan, feeds: false }, first, '2026-11-21T11:00:00Z');
    expect(output.files.map((file) => file.name).sort()).toEqual(
      [
        'sitemap.xml',
        ...['pl', 'en', 'de', 'it'].flatMap((hreflang) => [`sitemaps/categories-${hreflang}-1.xml`, `sitemaps/products-${hreflang}-2.xml`]),
      ].sort(),
    );
    expect(output.written.sort()).toEqual(output.files.map((file) => file.name).sort());
    expect(output.drop).toEqual([]);
    const file = output.files.find((candidate) => candidate.name === 'sitemaps/products-en-2.xml')!;
    expect(gunzipped(file)).toContain(`<loc>${ORIGIN}/p/KF-15/grzejnik-15?lang=en</loc><lastmod>2026-11-21T09:30:00Z</lastmod>`);
    expect(file.changedAt).toBe('2026-11-21T11:00:00.000Z');
    // The index says file 2 changed now, the others when they were written.
    const index = gunzipped(output.files.find((candidate) => candidate.name === 'sitemap.xml')!);
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/products-en-2.xml</loc><lastmod>2026-11-21T11:00:00Z</lastmod>`);
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/products-en-1.xml</loc><lastmod>2026-11-21T10:00:00Z</lastmod>`);
    expect(after).toHaveLength(first.length);
  });

  test('a change that leaves the text as it was keeps the file, its ETag and its time', async () => {
    const { output } = await run(products, { ...planOf([{ seq: 2, sku: 'KF-3', kind: 'product' }], false), feeds: false }, first, '2026-11-22T10:00:00Z');
    expect(output.written).toEqual([]);
    expect(output.files.find((file) => file.name === 'sitemaps/products-pl-1.xml')).toMatchObject({ changed: false, changedAt: '2026-11-21T10:00:00.000Z' });
  });

  test('a product hidden leaves its file; a new product joins the last; a file emptied or past the limit splits the language anew', async () => {
    const hidden = products.map((candidate) => (candidate.id === 12 ? { ...candidate, visibility: 1 } : candidate));
    const gone = await run(hidden, { ...planOf([{ seq: 3, sku: 'KF-12', kind: 'product' }], false), feeds: false }, first);
    expect(productsIn(gone.after, 'sitemaps/products-de-2.xml')).toBe(9);

    const added = [...products, product(36)];
    const joined = await run(added, { ...planOf([{ seq: 4, sku: 'KF-36', kind: 'product' }], false), feeds: false }, first);
    expect(joined.output.written.filter((name) => name.startsWith('sitemaps/products-pl'))).toEqual(['sitemaps/products-pl-4.xml']);
    expect(productsIn(joined.after, 'sitemaps/products-pl-4.xml')).toBe(6);

    // File 3 (ids 21–30) gets an 11th product: past 10 URLs, so the language is split anew.
    const crowded = [...products.slice(0, 25), product(25.5), ...products.slice(25)];
    const split = await run(crowded, { ...planOf([{ seq: 5, sku: 'KF-25.5', kind: 'product' }], false), feeds: false }, first);
    expect([1, 2, 3, 4].map((number) => productsIn(split.after, `sitemaps/products-it-${number}.xml`))).toEqual([10, 10, 10, 6]);
    expect(split.after.find((file) => file.name === 'sitemaps/products-it-4.xml')!.meta).toMatchObject({ from: 30 });

    // Every product of file 4 hidden: the language is split anew into three files, the fourth dropped.
    const fewer = products.map((candidate) => (candidate.id > 30 ? { ...candidate, status: 2 } : candidate));
    const emptied = await run(
      fewer,
      {
        ...planOf(
          [31, 32, 33, 34, 35].map((id, seq) => ({ seq, sku: `KF-${id}`, kind: 'product' as const })),
          false,
        ),
        feeds: false,
      },
      first,
    );
    expect(emptied.output.drop).toEqual([
      'sitemaps/products-de-4.xml',
      'sitemaps/products-en-4.xml',
      'sitemaps/products-it-4.xml',
      'sitemaps/products-pl-4.xml',
    ]);
    expect(gunzipped(emptied.output.files.find((file) => file.name === 'sitemap.xml')!)).not.toContain('products-pl-4');
  });
});

describe('the plan of the changes', () => {
  test.each<[string, Parameters<typeof planOf>[0], boolean, Partial<Record<'everything' | 'feeds', boolean>> & { sections?: string[]; skus?: string[] }]>([
    ['stock: the feeds only', [{ seq: 1, sku: 'A', kind: 'stock' }], false, { feeds: true, sections: [], skus: [] }],
    ['price: feeds, its product file, categories', [{ seq: 1, sku: 'A', kind: 'price' }], false, { feeds: true, sections: ['categories'], skus: ['A'] }],
    ['product: the same', [{ seq: 1, sku: 'B', kind: 'product' }], false, { feeds: true, sections: ['categories'], skus: ['B'] }],
    ['a CMS page', [{ seq: 1, sku: 'cms_page', kind: 'catalog' }], false, { feeds: false, sections: ['pages'], skus: [] }],
    ['an article', [{ seq: 1, sku: 'advice_article', kind: 'catalog' }], false, { feeds: false, sections: ['advice'], skus: [] }],
    ['a category', [{ seq: 1, sku: 'category', kind: 'catalog' }], false, { feeds: true, sections: ['categories'], skus: [] }],
    ['tax rules', [{ seq: 1, sku: 'tax_rule', kind: 'catalog' }], false, { feeds: true, sections: [], skus: [] }],
    ['a CMS block: nothing', [{ seq: 1, sku: 'cms_block', kind: 'catalog' }], false, { everything: false, feeds: false, sections: [], skus: [] }],
    ['a new day: the feeds', [], true, { feeds: true, sections: [], skus: [] }],
    ['a reseed (the product table as a whole)', [{ seq: 1, sku: 'product', kind: 'catalog' }], false, { everything: true }],
  ])('%s', (_name, changes, newDay, expected) => {
    const plan = planOf(changes, newDay);
    if (expected.everything !== undefined) expect(plan.everything).toBe(expected.everything);
    if (expected.feeds !== undefined) expect(plan.feeds).toBe(expected.feeds);
    if (expected.sections) expect([...plan.sections].sort()).toEqual(expected.sections);
    if (expected.skus) expect([...plan.productSkus]).toEqual(expected.skus);
  });
});
