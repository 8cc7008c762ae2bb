import { languageAlternates, localizedPath, type Hreflang } from '@kaloryfer/contracts';
import { FilePacker, type PackedFile, type PartSink } from './file-packer';
import type { SitemapPage } from './sitemap-pages';
import { element, xmlAttribute } from './xml-text';

/**
 * The sitemaps' XML (sitemaps.org 0.9, with Google's image extension and XHTML alternates for
 * hreflang), written as it goes and split at the protocol's limits (docs/seo.md, "Sitemaps").
 * Every value passes through xml-text.ts.
 */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** A sitemap file's limits (sitemaps.org): 50,000 URLs and 50 MB (52,428,800 bytes) of text. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}" xmlns:image="${IMAGE_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

/**
 * What a page's `<url>` says after its address, the same in every language: its lastmod, an
 * `xhtml:link rel="alternate"` for every language and x-default (the same set on every
 * language's URL, so the alternates are reciprocal), and its pictures.
 */
function urlTail(page: SitemapPage, origin: string): string {
  const parts: string[] = [];
  if (page.lastmod) parts.push(element('lastmod', page.lastmod));
  for (const alternate of languageAlternates(origin, page.path)) {
    parts.push(`<xhtml:link rel="alternate" hreflang="${xmlAttribute(alternate.hreflang)}" href="${xmlAttribute(alternate.href)}"/>`);
  }
  for (const image of page.images) parts.push(`<image:image>${element('image:loc', image)}</image:image>`);
  parts.push('</url>\n');
  return parts.join('');
}

const urlHead = (page: SitemapPage, hreflang: Hreflang, origin: string) => `<url>${element('loc', origin + localizedPath(page.path, hreflang))}`;

/** One page's `<url>` in one language: its address in that language, then what every language's says. */
export function urlEntry(page: SitemapPage, hreflang: Hreflang, origin: string): string {
  return urlHead(page, hreflang, origin) + urlTail(page, origin);
}

/** One written sitemap file: its packed bytes, how many URLs, the key of its first page. */
export interface WrittenSitemap {
  file: PackedFile;
  urls: number;
  firstKey: number;
}

const OPEN_BYTES = Buffer.byteLength(URLSET_OPEN);
const CLOSE_BYTES = Buffer.byteLength(URLSET_CLOSE);

/** Cuts one language's URLs into files: a file is closed before the URL that would take it past `maxUrls` or past `maxBytes` (with its closing tag). */
class SitemapSplitter {
  readonly files: WrittenSitemap[] = [];
  private current: { packer: FilePacker; urls: number; bytes: number; firstKey: number } | null = null;

  constructor(
    private readonly limits: SitemapLimits,
    private readonly sink: PartSink,
  ) {}

  async add(entry: string, key: number): Promise<void> {
    const bytes = Buffer.byteLength(entry);
    const open = this.current;
    if (open && (open.urls + 1 > this.limits.maxUrls || open.bytes + bytes + CLOSE_BYTES > this.limits.maxBytes)) await this.close();
    if (!this.current) {
      this.current = { packer: new FilePacker(this.sink), urls: 0, bytes: OPEN_BYTES, firstKey: key };
      await this.current.packer.write(URLSET_OPEN);
    }
    await this.current.packer.write(entry);
    this.current.urls += 1;
    this.current.bytes += bytes;
  }

  async close(): Promise<void> {
    const open = this.current;
    if (!open) return;
    this.current = null;
    await open.packer.write(URLSET_CLOSE);
    this.files.push({ file: await open.packer.finish(), urls: open.urls, firstKey: open.firstKey });
  }
}

/**
 * Writes pages into each language's sitemap files in one pass (what a page's URL says besides
 * its address is made once for all languages), as many files per language as the limits need,
 * each packed into `sink` as it is written. No pages, no file.
 */
export async function writeSitemapsByLanguage(
  pages: Iterable<SitemapPage>,
  hreflangs: readonly Hreflang[],
  origin: string,
  sink: PartSink,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<Map<Hreflang, WrittenSitemap[]>> {
  const splitters = hreflangs.map((hreflang) => ({ hreflang, splitter: new SitemapSplitter(limits, sink) }));
  for (const page of pages) {
    const tail = urlTail(page, origin);
    for (const { hreflang, splitter } of splitters) await splitter.add(urlHead(page, hreflang, origin) + tail, page.key);
  }
  for (const { splitter } of splitters) await splitter.close();
  return new Map(splitters.map(({ hreflang, splitter }) => [hreflang, splitter.files]));
}

/** One language's sitemap files of these pages. */
export async function writeSitemaps(
  pages: Iterable<SitemapPage>,
  hreflang: Hreflang,
  origin: string,
  sink: PartSink,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<WrittenSitemap[]> {
  return (await writeSitemapsByLanguage(pages, [hreflang], origin, sink, limits)).get(hreflang)!;
}

/** The sitemap index: each sitemap's URL and when its text last changed. */
export function* sitemapIndex(origin: string, sitemaps: readonly { path: string; lastmod: string | null }[]): Iterable<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n`;
  for (const sitemap of sitemaps) {
    yield `<sitemap>${element('loc', origin + sitemap.path)}${sitemap.lastmod ? element('lastmod', sitemap.lastmod) : ''}</sitemap>\n`;
  }
  yield '</sitemapindex>\n';
}
