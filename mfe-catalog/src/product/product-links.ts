import { linkTo } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';

/** A product's page: its route with parent sku and slug, the chosen variant as childSku. */
export function productHref(product: { sku: string; slug: string }, childSku?: string): string {
  return linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, ...(childSku ? { childSku } : {}) });
}

/** The category a product page's breadcrumbs name between home and the product — the deepest below the root — in the page and its JSON-LD alike. */
export function crumbCategory(categories: readonly Category[]): Category | undefined {
  return categories.filter((item) => item.level > 1).sort((a, b) => b.level - a.level)[0];
}
