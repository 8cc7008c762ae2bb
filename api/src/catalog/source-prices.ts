import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';

/**
 * What pricing overwrites of a source document, kept per SKU (a product's and each variant's):
 * its `price` and `special_price`. Pricing (pricing.ts) puts the priced `price` and
 * `special_price` over them and adds fields of its own; everything else of a priced product is
 * the document's. So the catalogue keeps only the priced products and these two keys — not a
 * second object per product and variant (~120 MB at 100,000 products) — and rebuilds a
 * product's source when it must price it again (a new day, a part of a set changed, a price
 * patch): the priced product with these put back. The priced fields it still carries are
 * overwritten by pricing again, so the source rebuilt prices exactly as the document would.
 * The two numbers of every SKU sit in one typed array (a slot per SKU, freed slots reused): as
 * small objects they took 46 MB at 100,000 products.
 */
/** Source prices as a catalogue snapshot keeps them (snapshot/). */
export interface SourcePricesSnapshot {
  skus: string[];
  /** skus[i]'s slot. */
  slots: Int32Array;
  values: Float64Array;
  free: number[];
}

export class SourcePrices {
  /** SKU → its slot: `price` at 2 × slot, `special_price` at 2 × slot + 1 (NaN: null, ABSENT: no key). */
  private readonly slots = new Map<string, number>();
  private values: Float64Array = new Float64Array(1024);
  private readonly free: number[] = [];

  /** Keeps the price keys of a source document and its variants (before pricing). */
  /** What a snapshot keeps — sharing the values: serialized in the same step (snapshot/snapshot-file.ts). */
  snapshot(): SourcePricesSnapshot {
    return { skus: [...this.slots.keys()], slots: Int32Array.from(this.slots.values()), values: this.values, free: this.free };
  }

  static restore(state: SourcePricesSnapshot): SourcePrices {
    const prices = new SourcePrices();
    state.skus.forEach((sku, index) => prices.slots.set(sku, state.slots[index]));
    prices.values = state.values;
    for (const slot of state.free) prices.free.push(slot);
    return prices;
  }

  remember(source: Product): void {
    this.keep(source);
    for (const child of source.configurable_children ?? []) this.keep(child);
  }

  /** Forgets a product that left (or is about to be remembered anew). */
  forget(product: Product): void {
    for (const item of [product, ...(product.configurable_children ?? [])]) {
      const slot = this.slots.get(item.sku);
      if (slot === undefined) continue;
      this.slots.delete(item.sku);
      this.free.push(slot);
    }
  }

  /** The source document of a priced product: a copy with its own and its variants' price keys put back. */
  sourceOf(priced: Product): Product {
    const source = this.restore(priced);
    if (priced.configurable_children) source.configurable_children = priced.configurable_children.map((child) => this.restore(child));
    return source;
  }

  private keep(item: Product | ConfigurableChild): void {
    let slot = this.slots.get(item.sku);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slots.size;
      if (2 * slot + 2 > this.values.length) {
        const grown = new Float64Array(Math.max(this.values.length * 2, 2 * slot + 2));
        grown.set(this.values);
        this.values = grown;
      }
      this.slots.set(item.sku, slot);
    }
    this.values[2 * slot] = item.price;
    this.values[2 * slot + 1] = item.special_price === undefined ? ABSENT : (item.special_price ?? Number.NaN);
  }

  private restore<T extends Product | ConfigurableChild>(priced: T): T {
    const slot = this.slots.get(priced.sku);
    if (slot === undefined) throw new Error(`no source prices for ${priced.sku}`);
    const source = { ...priced, price: this.values[2 * slot] } as T;
    const special = this.values[2 * slot + 1];
    if (special === ABSENT) delete source.special_price;
    else source.special_price = Number.isNaN(special) ? null : special;
    return source;
  }
}

/** `special_price` not in the document at all (null is NaN; no price is -∞). */
const ABSENT = Number.NEGATIVE_INFINITY;
