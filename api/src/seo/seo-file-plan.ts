import type { CatalogChange } from '../db/change-log';
import type { SitemapSection } from './sitemap-pages';

/**
 * What a run writes again (docs/seo.md, "How the files are kept fresh"), from the catalogue
 * changes since the stored files' watermark (db/change-log.ts):
 * - `stock` (a SKU's stock row) → the feeds (availability); no sitemap shows stock;
 * - `price`, `product` (a product's document or price history) → the feeds, the product sitemap
 *   file holding that product in each language (its lastmod is the product's `updated_at`) and
 *   the category sitemaps (a category's lastmod is the newest of its products');
 * - `catalog` (a table the catalogue loads whole): `category` → the category sitemaps and the
 *   feeds (their category paths); `cms_page` → the pages sitemaps; `advice_article` → the advice
 *   sitemaps; `attribute`, `tax_rule` → the feeds (brands, prices); `cms_block` → nothing;
 *   `product`, `stock_item`, `price_history` (a statement too big to log per SKU, a TRUNCATE: a
 *   reseed) or a table not known here → everything;
 * - a new day → the feeds (promotions start and end by the day);
 * - no files yet, changes pruned before they were read, more than the log read at once → everything.
 */
export interface SeoFilePlan {
  /** Every file, from scratch. */
  everything: boolean;
  /** Sections other than products written whole (every language). */
  sections: Set<Exclude<SitemapSection, 'products'>>;
  /** SKUs whose product sitemap file is written again (the worker finds the products). */
  productSkus: Set<string>;
  feeds: boolean;
  /** Why, for the run's report and the log. */
  reasons: string[];
}

export const emptyPlan = (): SeoFilePlan => ({ everything: false, sections: new Set(), productSkus: new Set(), feeds: false, reasons: [] });

export function everythingPlan(reason: string): SeoFilePlan {
  return { ...emptyPlan(), everything: true, reasons: [reason] };
}

export const isEmptyPlan = (plan: SeoFilePlan) => !plan.everything && plan.sections.size === 0 && plan.productSkus.size === 0 && !plan.feeds;

/** The plan of these changes (and of a new day: `newDay`). */
export function planOf(changes: readonly CatalogChange[], newDay: boolean): SeoFilePlan {
  const plan = emptyPlan();
  const counts = { stock: 0, price: 0, product: 0 };
  const tables = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'catalog') {
      tables.add(change.sku);
      continue;
    }
    counts[change.kind] += 1;
    plan.feeds = true;
    if (change.kind === 'price' || change.kind === 'product') {
      plan.productSkus.add(change.sku);
      plan.sections.add('categories');
    }
  }
  for (const table of [...tables].sort()) {
    switch (table) {
      case 'category':
        plan.sections.add('categories');
        plan.feeds = true;
        break;
      case 'cms_page':
        plan.sections.add('pages');
        break;
      case 'advice_article':
        plan.sections.add('advice');
        break;
      case 'attribute':
      case 'tax_rule':
        plan.feeds = true;
        break;
      case 'cms_block':
        break;
      default:
        return everythingPlan(`the catalogue's ${table} table changed as a whole`);
    }
  }
  if (newDay) plan.feeds = true;
  const said = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind} change${count === 1 ? '' : 's'}`);
  if (tables.size > 0) said.push(`${[...tables].sort().join(', ')} changed`);
  if (newDay) said.push('a new day (prices)');
  if (said.length > 0) plan.reasons.push(said.join(', '));
  return plan;
}
