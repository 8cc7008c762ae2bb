import type { Product } from '@kaloryfer/api-contract';
import type { Catalog, SkuEntry } from '../../../catalog/catalog';
import { priceProducts } from '../../../catalog/pricing';
import { taxSettingsFrom } from '../../../catalog/tax-settings';
import { buildCategories } from '../../../seed/catalog-seed';
import { generateProducts } from '../../../seed/products';
import { ATTRIBUTES, TAX_RULES } from '../../../seed/reference-data';
import type { SeoContext } from '../../seo-context';

/**
 * A catalogue for the feeds' tests without a database: the seed's products (or products made
 * from them) priced by the catalogue's own rules (pricing.ts) for one moment, with the seed's
 * categories and attributes — what the feeds read of a `Catalog`.
 */
export const FEED_TODAY = '2026-11-21';
/** Noon of the seed's day, as test servers price their catalogue. */
export const FEED_NOW = new Date(`${FEED_TODAY}T12:00:00Z`);
export const FEED_ORIGIN = 'https://sklep.kaloryfer.test';

/** The seed's source products: `parents` of them (from 40 on with services and guides), the same every run. */
export function seedProducts(parents = 200): Product[] {
  return generateProducts({ parents, seed: 2026, today: FEED_TODAY, withHistory: false }).products;
}

/** Priced products as a catalogue holds them. */
export function pricedProducts(sources: Product[], now: Date = FEED_NOW): Product[] {
  return priceProducts(sources, { tax: taxSettingsFrom(TAX_RULES), at: now, history: new Map() });
}

/** The feeds' context for these priced products. */
export function feedContext(products: Product[], now: Date = FEED_NOW): SeoContext {
  const bySku = new Map<string, SkuEntry>();
  for (const product of products) {
    bySku.set(product.sku, { product, child: null });
    for (const child of product.configurable_children ?? []) bySku.set(child.sku, { product, child });
  }
  const catalog: Pick<Catalog, 'products' | 'categories' | 'attributes' | 'bySkuLookup'> = {
    products,
    categories: buildCategories(products),
    attributes: ATTRIBUTES,
    bySkuLookup: (sku) => bySku.get(sku),
  };
  return { catalog: catalog as Catalog, origin: FEED_ORIGIN, now };
}

/** A whole feed as one string (tests only: the feeds themselves are never one string). */
export const feedText = (chunks: Iterable<string>) => [...chunks].join('');
