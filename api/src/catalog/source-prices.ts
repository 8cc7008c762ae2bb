import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';

type PriceInputs = Pick<Product, 'price' | 'special_price'>;

/**
 * What pricing overwrites of a source document, kept per SKU (a product's and each variant's):
 * its `price` and `special_price`. Pricing (pricing.ts) puts the priced `price` and
 * `special_price` over them and adds fields of its own; everything else of a priced product is
 * the document's. So the catalogue keeps only the priced products and these two keys — not a
 * second object per product and variant (~120 MB at 100,000 products) — and rebuilds a
 * product's source when it must price it again (a new day, a part of a set changed, a price
 * patch): the priced product with these put back. The priced fields it still carries are
 * overwritten by pricing again, so the source rebuilt prices exactly as the document would.
 */
export class SourcePrices {
  private readonly bySku = new Map<string, PriceInputs>();

  /** Keeps the price keys of a source document and its variants (before pricing). */
  remember(source: Product): void {
    this.bySku.set(source.sku, inputsOf(source));
    for (const child of source.configurable_children ?? []) this.bySku.set(child.sku, inputsOf(child));
  }

  /** Forgets a product that left (or is about to be remembered anew). */
  forget(product: Product): void {
    this.bySku.delete(product.sku);
    for (const child of product.configurable_children ?? []) this.bySku.delete(child.sku);
  }

  /** The source document of a priced product: a copy with its own and its variants' price keys put back. */
  sourceOf(priced: Product): Product {
    const source = this.restore(priced);
    if (priced.configurable_children) source.configurable_children = priced.configurable_children.map((child) => this.restore(child));
    return source;
  }

  private restore<T extends Product | ConfigurableChild>(priced: T): T {
    const inputs = this.bySku.get(priced.sku);
    if (!inputs) throw new Error(`no source prices for ${priced.sku}`);
    const source = { ...priced, price: inputs.price } as T;
    if (inputs.special_price === undefined) delete source.special_price;
    else source.special_price = inputs.special_price;
    return source;
  }
}

const inputsOf = (item: Product | ConfigurableChild): PriceInputs => ({ price: item.price, special_price: item.special_price });
