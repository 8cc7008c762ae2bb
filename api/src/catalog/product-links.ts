import type { Product } from '@kaloryfer/api-contract';

/**
 * Which bundles and grouped sets each SKU is a part of. Their prices are sums of their parts'
 * (pricing.ts): when a part's price changes, the sets holding it are priced again with it.
 */
export class ProductLinks {
  private readonly containers = new Map<string, Set<number>>();

  constructor(products: readonly Product[] = []) {
    for (const product of products) this.replace(null, product);
  }

  /** The SKUs a bundle's options or a grouped set's associated products name (none for other types). */
  static partsOf(product: Product): string[] {
    if (product.type_id === 'bundle') return (product.bundle_options ?? []).flatMap((option) => option.product_links.map((link) => link.sku));
    if (product.type_id === 'grouped') {
      return (product.product_links ?? []).filter((link) => link.link_type === 'associated').map((link) => link.linked_product_sku);
    }
    return [];
  }

  /** A product's links as they were (null: it is new) and as they are now (null: it is gone). */
  replace(old: Product | null, next: Product | null): void {
    if (old) {
      for (const sku of ProductLinks.partsOf(old)) {
        const ids = this.containers.get(sku);
        ids?.delete(old.id);
        if (ids?.size === 0) this.containers.delete(sku);
      }
    }
    if (next) {
      for (const sku of ProductLinks.partsOf(next)) {
        const ids = this.containers.get(sku) ?? this.containers.set(sku, new Set()).get(sku)!;
        ids.add(next.id);
      }
    }
  }

  /** Ids of the bundles and sets holding any of these SKUs. */
  containing(skus: Iterable<string>): Set<number> {
    const ids = new Set<number>();
    for (const sku of skus) for (const id of this.containers.get(sku) ?? []) ids.add(id);
    return ids;
  }
}
