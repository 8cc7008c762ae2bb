import type { AdviceArticle, Category, CmsPage, Product } from '@kaloryfer/api-contract';
import { linkTo } from '@kaloryfer/contracts';
import { ADVICE_PAGE_SIZE, imageUrl, isViewable } from '@kaloryfer/domain';

/**
 * Which pages the sitemaps list, at which address and since when (docs/seo.md, "Sitemaps").
 * An address is the page's canonical path as its head declares it (the catalogue's
 * mfe-catalog/src/seo/catalog-head.ts, the content remote's heads): `linkTo` of the page, in
 * Polish; each language's URL is that path through `localizedPath` (sitemap-xml.ts).
 */

/** What the sitemaps are written from: the catalogue as this instance serves it (`Catalog` is one). */
export interface SitemapSource {
  readonly products: readonly Product[];
  readonly categories: readonly Category[];
  readonly cmsPages: readonly CmsPage[];
  readonly articles: readonly AdviceArticle[];
}

/** One page: its canonical path (Polish), when its content last changed, its pictures (absolute URLs). */
export interface SitemapPage {
  path: string;
  lastmod: string | null;
  images: string[];
  /** Orders and partitions the product sitemaps: the product's id (0 elsewhere). */
  key: number;
}

export const SITEMAP_SECTIONS = ['pages', 'categories', 'advice', 'products'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** A product page's canonical path: the parent's `/p/{sku}/{slug}` (a variant is a state of that page, not a page). */
export const productPath = (product: Pick<Product, 'sku' | 'slug'>) => linkTo({ name: 'product', parentSku: product.sku, slug: product.slug });
export const categoryPath = (category: Pick<Category, 'slug'>) => linkTo({ name: 'category', slug: category.slug });
export const cmsPagePath = (page: Pick<CmsPage, 'identifier'>) => linkTo({ name: 'cms-page', slug: page.identifier });
export const articlePath = (article: Pick<AdviceArticle, 'slug'>) => linkTo({ name: 'advice', slug: article.slug });

/** Pictures one URL may carry in the image sitemap extension. */
const IMAGES_PER_URL = 1_000;

/**
 * A stored time as a W3C datetime: `2026-11-21 08:00:00` (the documents' form, UTC) →
 * `2026-11-21T08:00:00Z`; a day stays a day; anything unreadable is no lastmod.
 */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (match) {
    const [, day, minutes, seconds, zone] = match;
    if (Number.isNaN(Date.parse(day))) return null;
    if (!minutes) return day;
    const offset = !zone || zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    return `${day}T${minutes}${seconds ?? ':00'}${offset}`;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The later of two W3C datetimes (compared as instants). */
function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** A product the shop shows on a page of its own: enabled and not "not visible individually" (the product page's own rule). */
export const isListedProduct = (product: Product) => isViewable(product);

function productPictures(product: Product, origin: string): string[] {
  const paths = [product.image, ...(product.media_gallery ?? []).map((entry) => entry.image)]
    .filter((image): image is string => typeof image === 'string' && image !== '')
    .map((image) => imageUrl(image, 1920))
    .filter((path): path is string => path !== null);
  return [...new Set(paths)].slice(0, IMAGES_PER_URL).map((path) => absolute(origin, path));
}

/** origin + path as a valid URI (a space or a Polish letter in a picture's name percent-encoded, as a browser would send it). */
function absolute(origin: string, path: string): string {
  try {
    return new URL(path, origin).href;
  } catch {
    return origin + path;
  }
}

export function productPage(product: Product, origin: string): SitemapPage {
  return { path: productPath(product), lastmod: w3cDate(product.updated_at), images: productPictures(product, origin), key: product.id };
}

/**
 * Every listed product whose id is in [fromId, toId) (toId null: no end), in id order (the
 * catalogue holds its products in id order).
 */
export function* productPages(source: SitemapSource, origin: string, fromId = 0, toId: number | null = null): Iterable<SitemapPage> {
  for (const product of source.products) {
    if (product.id < fromId || (toId !== null && product.id >= toId)) continue;
    if (isListedProduct(product)) yield productPage(product, origin);
  }
}

/** Categories a shopper can open (active, below the main category), each with the newest change of its listed products as lastmod. */
export function categoryPages(source: SitemapSource): SitemapPage[] {
  const newest = new Map<number, string | null>();
  for (const product of source.products) {
    if (!isListedProduct(product)) continue;
    const changed = w3cDate(product.updated_at);
    for (const id of product.category_ids) newest.set(id, later(newest.get(id) ?? null, changed));
  }
  return source.categories
    .filter((category) => category.is_active && category.level >= 2)
    .sort((a, b) => a.id - b.id)
    .map((category) => ({ path: categoryPath(category), lastmod: newest.get(category.id) ?? null, images: [], key: 0 }));
}

/** Pages whose content changes with the whole catalogue: no lastmod. */
const CATALOGUE_PAGES = [linkTo({ name: 'home' }), linkTo({ name: 'categories' }), '/brands'];

/** The home page, the categories and brands pages (no lastmod: what they show changes with the whole catalogue), and the active CMS pages. */
export function contentPages(source: SitemapSource): SitemapPage[] {
  const pages = source.cmsPages
    .filter((page) => page.active)
    .sort((a, b) => a.id - b.id)
    .map((page) => ({ path: cmsPagePath(page), lastmod: w3cDate(page.updated_at), images: [], key: 0 }));
  return [...CATALOGUE_PAGES.map((path) => ({ path, lastmod: null, images: [], key: 0 })), ...pages];
}

/**
 * A list page of /porady as its head names it (mfe-content's `adviceListHref`): a topic and a
 * page past the first are part of the address — each is a page of its own, canonical to itself.
 */
export function adviceListPath(topic: string | null, page: number): string {
  const params = new URLSearchParams();
  if (topic) params.set('topic', topic);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${linkTo({ name: 'advice' })}?${query}` : linkTo({ name: 'advice' });
}

/**
 * /porady's list pages — all articles, then each topic, each page of 12 (the API's order: the
 * catalogue's, newest first) — with the newest article they show as lastmod; then each article
 * with its publication (articles carry no other date) and picture.
 */
export function advicePages(source: SitemapSource, origin: string): SitemapPage[] {
  const lists: SitemapPage[] = [];
  const topics = [...new Set(source.articles.map((article) => article.topic))].sort();
  for (const topic of [null, ...topics]) {
    const articles = source.articles.filter((article) => topic === null || article.topic === topic);
    const pages = Math.max(1, Math.ceil(articles.length / ADVICE_PAGE_SIZE));
    for (let page = 1; page <= pages; page += 1) {
      const shown = articles.slice((page - 1) * ADVICE_PAGE_SIZE, page * ADVICE_PAGE_SIZE);
      const lastmod = shown.reduce<string | null>((found, article) => later(found, w3cDate(article.published_at)), null);
      lists.push({ path: adviceListPath(topic, page), lastmod, images: [], key: 0 });
    }
  }
  const articles = source.articles.map((article) => {
    const picture = imageUrl(article.image, 1920);
    return { path: articlePath(article), lastmod: w3cDate(article.published_at), images: picture ? [absolute(origin, picture)] : [], key: 0 };
  });
  return [...lists, ...articles];
}

/** The pages of a section other than products (those are written by ranges: sitemap-files.ts). */
export function sectionPages(section: Exclude<SitemapSection, 'products'>, source: SitemapSource, origin: string): SitemapPage[] {
  switch (section) {
    case 'pages':
      return contentPages(source);
    case 'categories':
      return categoryPages(source);
    case 'advice':
      return advicePages(source, origin);
  }
}
