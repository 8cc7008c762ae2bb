import {
  bundlePrice,
  groupedPrice,
  isChildSelectable,
  lowestPriceBefore,
  momentOf,
  pickPriceFields,
  priceFields,
  priceFieldsFromGross,
  round2,
  type PriceFields,
  type TaxSettings,
} from '@kaloryfer/domain';
import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import type { PriceTimelines } from './price-history';

/**
 * Prices every product for one moment with the shared rules (spec §4): special prices inside
 * their dates, tax from the rule, the cheapest available child for a configurable, Σ default
 * links × qty for a bundle, Σ associated simple products for a grouped one, and the Omnibus
 * lowest price of the 30 days before a running reduction (for a set, the same sum over its
 * parts' lowest prices). Source documents are not changed.
 */
export interface PricingContext {
  tax: TaxSettings;
  at: Date;
  history: PriceTimelines;
}

type Priced = PriceFields & { lowest_price_30d: number | null };

function omnibus(sku: string, fields: PriceFields, reductionStart: string | null | undefined, context: PricingContext): number | null {
  if (fields.final_price_incl_tax >= fields.original_price_incl_tax) return null;
  const history = context.history.get(sku);
  if (!history) return null;
  // The moment the reduction applied: an import that starts one records it to the minute, a day is its midnight UTC.
  const start = reductionStart ? new Date(momentOf(reductionStart)) : context.at;
  return lowestPriceBefore(history, start);
}

function priceSimple<T extends Product | ConfigurableChild>(item: T, context: PricingContext): T & Priced {
  const fields = priceFields(item, context.tax, context.at);
  return { ...item, ...fields, lowest_price_30d: omnibus(item.sku, fields, item.special_from_date, context) } as T & Priced;
}

export function priceProducts(products: Product[], context: PricingContext): Product[] {
  const bySku = new Map<string, Product | ConfigurableChild>();
  const priced = new Map<number, Product>();
  const rateOf = (product: Product) => context.tax.rateFor(product.tax_class_id);

  for (const product of products) {
    if (product.type_id === 'bundle' || product.type_id === 'grouped') continue;
    if (product.type_id === 'configurable') {
      const children = (product.configurable_children ?? []).map((child) => priceSimple(child, context));
      children.forEach((child) => bySku.set(child.sku, child));
      const available = children.filter((child) => isChildSelectable(child, false));
      const pool = available.length > 0 ? available : children;
      const cheapest = pool.reduce<(typeof children)[number] | null>(
        (best, child) => (best === null || child.final_price_incl_tax < best.final_price_incl_tax ? child : best),
        null,
      );
      const fields = cheapest ? pickPriceFields(cheapest) : priceFields(product, context.tax, context.at);
      priced.set(product.id, { ...product, ...fields, configurable_children: children, lowest_price_30d: cheapest?.lowest_price_30d ?? null });
    } else {
      const result = priceSimple(product, context);
      bySku.set(product.sku, result);
      priced.set(product.id, result);
    }
  }

  const gross = (sku: string, field: 'final_price_incl_tax' | 'original_price_incl_tax') => bySku.get(sku)?.[field] ?? null;
  /**
   * A part's lowest price over the 30 days before a set's reduction (Omnibus for sets): a reduced
   * part its own Omnibus price (else its regular price), a part at its regular price the lowest
   * its history shows for the last 30 days (else the price it has now).
   */
  const lowest = (sku: string): number => {
    const part = bySku.get(sku) as (Product & Priced) | undefined;
    if (!part) return 0;
    if (part.final_price_incl_tax < part.original_price_incl_tax) return part.lowest_price_30d ?? part.original_price_incl_tax;
    const history = context.history.get(sku);
    return (history ? lowestPriceBefore(history, context.at) : null) ?? part.final_price_incl_tax;
  };
  const setOmnibus = (final: number, original: number, total: number) => (final < original ? round2(total) : null);
  for (const product of products) {
    if (product.type_id === 'bundle') {
      const total = (priceOf: (sku: string) => number) =>
        bundlePrice(
          (product.bundle_options ?? []).map((option) => ({
            links: option.product_links.map((link) => ({ price: priceOf(link.sku), qty: link.qty, isDefault: link.is_default })),
          })),
        );
      const final = total((sku) => gross(sku, 'final_price_incl_tax') ?? 0);
      const original = total((sku) => gross(sku, 'original_price_incl_tax') ?? 0);
      priced.set(product.id, {
        ...product,
        ...priceFieldsFromGross(final, original, rateOf(product)),
        lowest_price_30d: setOmnibus(final, original, total(lowest)),
      });
    } else if (product.type_id === 'grouped') {
      const associated = (product.product_links ?? []).filter((link) => link.link_type === 'associated');
      const total = (priceOf: (sku: string) => number) =>
        groupedPrice(associated.map((link) => ({ finalPrice: priceOf(link.linked_product_sku), typeId: link.linked_product_type })));
      const final = total((sku) => gross(sku, 'final_price_incl_tax') ?? 0);
      const original = total((sku) => gross(sku, 'original_price_incl_tax') ?? 0);
      priced.set(product.id, {
        ...product,
        ...priceFieldsFromGross(final, original, rateOf(product)),
        lowest_price_30d: setOmnibus(final, original, total(lowest)),
      });
    }
  }
  return products.map((product) => priced.get(product.id)!);
}
