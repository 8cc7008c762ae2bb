import { linkTo } from '@kaloryfer/contracts';

/** A product's page: its route with parent sku and slug, the chosen variant as childSku. */
export function productHref(product: { sku: string; slug: string }, childSku?: string): string {
  return linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, ...(childSku ? { childSku } : {}) });
}
