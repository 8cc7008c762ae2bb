import { SEO_LANGUAGES, type Hreflang } from '@kaloryfer/contracts';
import { ceneoFeed } from './feeds/ceneo-feed';
import { googleMerchantFeed } from './feeds/google-merchant-feed';
import { FilePacker, packText, type PartSink } from './file-packer';
import type { SeoContext, XmlChunks } from './seo-context';
import type { SeoFilePlan } from './seo-file-plan';
import type { FileToStore, StoredFileMeta } from './seo-file-store';
import { productPages, sectionPages, SITEMAP_SECTIONS, w3cDate, type SitemapSection, type SitemapSource } from './sitemap-pages';
import { SITEMAP_LIMITS, sitemapIndex, writeSitemaps, writeSitemapsByLanguage, type SitemapLimits, type WrittenSitemap } from './sitemap-xml';

/**
 * Writes the files a plan asks for (seo-file-plan.ts) from the catalogue as this instance holds
 * it, and says which stored files no longer belong to the set (docs/seo.md, "How the files are
 * kept fresh"). What is written again:
 * - everything, when the plan says so;
 * - a section other than products (pages, categories, advice): its files in every language;
 * - products: in each language only the product sitemap file whose range of product ids holds a
 *   changed product — each file covers the ids from its first one up to the next file's (the
 *   first from 0, the last without end), so a product added, hidden or shown again falls in
 *   exactly one file. When that file would come out empty or past a limit, that language's
 *   product sitemaps are split anew;
 * - the feeds: both, whole (a feed is written by its generator, not in parts);
 * - the sitemap index, always (small): its lastmod of each sitemap is when that file's text last
 *   changed — a file written again with the same text keeps its time and its ETag.
 */

export const SITEMAP_PATH = '/sitemap.xml';
export const INDEX_NAME = 'sitemap.xml';
export const XML_TYPE = 'application/xml; charset=utf-8';

/** The feeds and the generators that write them (their own files: feeds/). */
export const FEEDS = [
  { name: 'feeds/google-merchant.xml', generate: googleMerchantFeed, item: /<item[\s>]/g },
  { name: 'feeds/ceneo.xml', generate: ceneoFeed, item: /<o[\s>]/g },
] as const satisfies readonly { name: string; generate: (context: SeoContext) => XmlChunks; item: RegExp }[];

export type FeedName = (typeof FEEDS)[number]['name'];

const HREFLANGS: Hreflang[] = SEO_LANGUAGES.map((entry) => entry.hreflang);

export const sitemapName = (section: SitemapSection, hreflang: Hreflang, number: number) => `sitemaps/${section}-${hreflang}-${number}.xml`;

const SITEMAP_NAME = /^sitemaps\/([a-z]+)-([a-z]{2})-(\d+)\.xml$/;

/** A sitemap file's section, language and number, from its name; null for other files. */
export function parseSitemapName(name: string): { section: SitemapSection; hreflang: Hreflang; number: number } | null {
  const match = SITEMAP_NAME.exec(name);
  if (!match) return null;
  const [, section, hreflang, number] = match;
  if (!(SITEMAP_SECTIONS as readonly string[]).includes(section) || !(HREFLANGS as string[]).includes(hreflang)) return null;
  return { section: section as SitemapSection, hreflang: hreflang as Hreflang, number: Number(number) };
}

export interface GeneratorInput {
  plan: SeoFilePlan;
  /** What the feeds are written from; its catalogue is also the sitemaps' source. */
  context: SeoContext & { catalog: SitemapSource };
  /** A SKU's product id (a variant's: its parent's), or undefined when the catalogue has no such SKU. */
  productIdOf: (sku: string) => number | undefined;
  stored: readonly StoredFileMeta[];
  /** Where the files' compressed bytes go as they are made (the store's parts; memory in tests). */
  sink: PartSink;
  limits?: SitemapLimits;
  /** The moment the files are written (the wall clock): a changed file's Last-Modified. The feeds' moment is the context's (the shop's clock). */
  at: Date;
  /**
   * Only this part of the plan: the sitemaps (and the index), the feeds, or one feed (and the
   * index); the whole plan by default. The worker stores each part as it is written, so a big
   * catalogue's compressed feeds are not held together (seo-file-worker.ts).
   */
  only?: 'sitemaps' | 'feeds' | FeedName;
  /** Stops a run early (the instance is stopping): checked between files. */
  stopping?: () => boolean;
}

export interface GeneratorOutput {
  files: FileToStore[];
  /** Stored names no longer part of the set. */
  drop: string[];
  /** What was written, for the report: names per reason. */
  written: string[];
}

export class RunStopped extends Error {
  constructor() {
    super('the SEO files run stopped: this instance is stopping');
  }
}

interface Produced {
  name: string;
  written: WrittenSitemap | { file: WrittenSitemap['file']; urls: number };
  meta: Record<string, unknown>;
}

export async function generateFiles(input: GeneratorInput): Promise<GeneratorOutput> {
  const { plan, context } = input;
  const source = context.catalog;
  const origin = context.origin;
  const limits = input.limits ?? SITEMAP_LIMITS;
  const now = input.at.toISOString();
  const stored = new Map(input.stored.map((meta) => [meta.name, meta]));
  const produced = new Map<string, Produced>();
  const dropped = new Set<string>();
  const checkStopping = () => {
    if (input.stopping?.()) throw new RunStopped();
  };

  /** Replaces a section's files in a language by these (the stored ones beyond them are dropped). */
  const replaceSection = (section: SitemapSection, hreflang: Hreflang, files: WrittenSitemap[], metaOf: (file: WrittenSitemap, index: number) => object) => {
    files.forEach((file, index) => {
      const name = sitemapName(section, hreflang, index + 1);
      produced.set(name, { name, written: file, meta: { section, language: hreflang, ...metaOf(file, index) } });
      dropped.delete(name);
    });
    for (const name of stored.keys()) {
      const parsed = parseSitemapName(name);
      if (parsed && parsed.section === section && parsed.hreflang === hreflang && parsed.number > files.length) dropped.add(name);
    }
  };

  const writeSitemapFiles = input.only === undefined || input.only === 'sitemaps';
  const feeds = FEEDS.filter((feed) => input.only === undefined || input.only === 'feeds' || input.only === feed.name);
  const isFeed = (name: string) => FEEDS.some((feed) => feed.name === name);
  // Everything: whatever stored file of the parts written is not written again is dropped.
  if (plan.everything) {
    for (const name of stored.keys()) if (isFeed(name) ? feeds.some((feed) => feed.name === name) : writeSitemapFiles) dropped.add(name);
  }

  for (const section of ['pages', 'categories', 'advice'] as const) {
    if (!writeSitemapFiles || (!plan.everything && !plan.sections.has(section))) continue;
    checkStopping();
    const written = await writeSitemapsByLanguage(sectionPages(section, source, origin), HREFLANGS, origin, input.sink, limits);
    for (const hreflang of HREFLANGS) replaceSection(section, hreflang, written.get(hreflang)!, () => ({}));
  }

  // Products: anew, or only the files holding a changed product.
  const ids = new Set<number>();
  let productsAnew = writeSitemapFiles && plan.everything;
  for (const sku of writeSitemapFiles ? plan.productSkus : []) {
    const id = input.productIdOf(sku);
    if (id === undefined)
      productsAnew = true; // a product gone (or not known yet): its file is not known
    else ids.add(id);
  }
  const anew: Hreflang[] = [];
  for (const hreflang of HREFLANGS) {
    if (productsAnew) anew.push(hreflang);
    if (productsAnew || ids.size === 0) continue;
    const files = productFilesOf(input.stored, hreflang);
    if (!files) {
      anew.push(hreflang);
      continue;
    }
    const touched = new Set<number>();
    for (const id of ids) touched.add(fileHolding(files, id));
    if (touched.size === files.length) {
      anew.push(hreflang); // every file: one pass for all such languages costs less
      continue;
    }
    const rewritten: Produced[] = [];
    for (const index of [...touched].sort((a, b) => a - b)) {
      checkStopping();
      const from = files[index].from;
      const to = files[index + 1]?.from ?? null;
      const written = await writeSitemaps(productPages(source, origin, from, to), hreflang, origin, input.sink, limits);
      if (written.length !== 1) break; // emptied, or past a limit: split anew
      rewritten.push({ name: files[index].name, written: written[0], meta: { section: 'products', language: hreflang, from } });
    }
    if (rewritten.length < touched.size) anew.push(hreflang);
    else for (const file of rewritten) produced.set(file.name, file);
  }
  if (anew.length > 0) {
    checkStopping();
    const written = await writeSitemapsByLanguage(productPages(source, origin), anew, origin, input.sink, limits);
    for (const hreflang of anew) {
      replaceSection('products', hreflang, written.get(hreflang)!, (file, index) => ({ from: index === 0 ? 0 : file.firstKey }));
    }
  }

  if (plan.everything || plan.feeds) {
    for (const feed of feeds) {
      checkStopping();
      const packer = new FilePacker(input.sink);
      let items = 0;
      for (const chunk of feed.generate(context)) {
        checkStopping();
        items += chunk.match(feed.item)?.length ?? 0;
        await packer.write(chunk);
      }
      produced.set(feed.name, { name: feed.name, written: { file: await packer.finish(), urls: items }, meta: { feed: feed.name } });
      dropped.delete(feed.name);
    }
  }

  const files: FileToStore[] = [...produced.values()].map((file) => {
    const before = stored.get(file.name);
    const changed = before?.sha256 !== file.written.file.sha256;
    return {
      name: file.name,
      contentType: XML_TYPE,
      packed: file.written.file,
      entries: file.written.urls,
      meta: file.meta,
      changedAt: changed || !before ? now : before.changedAt,
      changed,
    };
  });

  // The index: every sitemap of the set after this run, with when its text changed.
  const changedAt = new Map<string, string>();
  for (const [name, meta] of stored) if (!dropped.has(name)) changedAt.set(name, meta.changedAt);
  for (const file of files) changedAt.set(file.name, file.changedAt);
  const sitemaps = [...changedAt.keys()]
    .map((name) => ({ name, parsed: parseSitemapName(name) }))
    .filter((entry): entry is { name: string; parsed: NonNullable<ReturnType<typeof parseSitemapName>> } => entry.parsed !== null)
    .sort(
      (a, b) =>
        HREFLANGS.indexOf(a.parsed.hreflang) - HREFLANGS.indexOf(b.parsed.hreflang) ||
        SITEMAP_SECTIONS.indexOf(a.parsed.section) - SITEMAP_SECTIONS.indexOf(b.parsed.section) ||
        a.parsed.number - b.parsed.number,
    )
    .map((entry) => ({ path: `/${entry.name}`, lastmod: w3cDate(changedAt.get(entry.name)) }));
  const index = await packText(sitemapIndex(origin, sitemaps), input.sink);
  const indexBefore = stored.get(INDEX_NAME);
  const indexChanged = indexBefore?.sha256 !== index.sha256;
  files.push({
    name: INDEX_NAME,
    contentType: XML_TYPE,
    packed: index,
    entries: sitemaps.length,
    meta: { index: true },
    changedAt: indexChanged || !indexBefore ? now : indexBefore.changedAt,
    changed: indexChanged,
  });
  dropped.delete(INDEX_NAME);

  return { files, drop: [...dropped].sort(), written: files.filter((file) => file.changed).map((file) => file.name) };
}

/** A language's stored product sitemaps in order, with where each begins; null when they are not a whole, numbered set. */
function productFilesOf(stored: readonly StoredFileMeta[], hreflang: Hreflang): { name: string; from: number }[] | null {
  const files = stored
    .map((meta) => ({ meta, parsed: parseSitemapName(meta.name) }))
    .filter(({ parsed }) => parsed?.section === 'products' && parsed.hreflang === hreflang)
    .map(({ meta, parsed }) => ({ name: meta.name, number: parsed!.number, from: Number(meta.meta.from) }))
    .sort((a, b) => a.number - b.number);
  if (files.length === 0) return null;
  const whole = files.every(
    (file, index) => file.number === index + 1 && Number.isFinite(file.from) && (index === 0 ? file.from === 0 : file.from > files[index - 1].from),
  );
  return whole ? files : null;
}

/** The index of the file whose range holds this product id. */
function fileHolding(files: readonly { from: number }[], id: number): number {
  let found = 0;
  for (let index = 0; index < files.length; index += 1) if (files[index].from <= id) found = index;
  return found;
}
