import type { Catalog } from '../catalog';

/**
 * What a generated file (a sitemap, a product feed) is written from: the instance's catalogue as
 * it serves it (priced products, categories, attributes, CMS pages, articles) and the shop's public
 * origin — `PUBLIC_HOST`'s, never a request's Host header — at a moment.
 */
export interface SeoContext {
  catalog: Catalog;
  /** `https://sklep.kaloryfer.pl`: every URL in a file starts with it. */
  origin: string;
  now: Date;
}

/**
 * A file's text in pieces (each a few products' XML): a generator yields them as it goes, so a
 * feed of 100,000 products is never one string in memory; the store gzips them as they come.
 */
export type XmlChunks = Iterable<string>;
