import {
  bundlePrice, groupedPrice, isChildSelectable, lowestPriceBefore, pickPriceFields, priceFields, priceFieldsFromGross,
  type ConfigurableChild, type PricePoint, type PriceFields, type Product, type TaxSettings,
} from '@kaloryfer/domain';

/**
 * Prices every product for one moment with the shared rules (spec §4): special prices inside
 * their dates, tax from the rule, the cheapest available child for a configurable, Σ default
 * links × qty for a bundle, Σ associated simple products for a grouped one, and the Omnibus
 * lowest price of the 30 days before a running reduction. Source documents are not changed.
 */
export interface PricingContext {
  tax: TaxSettings;
  at: Date;
  history: Map<string, PricePoint[]>;
}

type Priced = PriceFields & { lowest_price_30d: number | null };

function omnibus(sku: string, fields: PriceFields, reductionStart: string | null | undefined, context: PricingContext): number | null {
  if (fields.final_price_incl_tax >= fields.original_price_incl_tax) return null;
  const history = context.history.get(sku);
  if (!history) return null;
  const start = reductionStart ? new Date(`${reductionStart.slice(0, 10)}T00:00:00Z`) : context.at;
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
      const cheapest = pool.reduce<(typeof children)[number] | null>((best, child) => (best === null || child.final_price_incl_tax < best.final_price_incl_tax ? child : best), null);
      const fields = cheapest ? pickPriceFields(cheapest) : priceFields(product, context.tax, context.at);
      priced.set(product.id, { ...product, ...fields, configurable_children: children, lowest_price_30d: cheapest?.lowest_price_30d ?? null });
    } else {
      const result = priceSimple(product, context);
      bySku.set(product.sku, result);
      priced.set(product.id, result);
    }
  }

  const gross = (sku: string, field: 'final_price_incl_tax' | 'original_price_incl_tax') => bySku.get(sku)?.[field] ?? null;
  for (const product of products) {
    if (product.type_id === 'bundle') {
      const total = (field: 'final_price_incl_tax' | 'original_price_incl_tax') => bundlePrice((product.bundle_options ?? []).map((option) => ({
        links: option.product_links.map((link) => ({ price: gross(link.sku, field) ?? 0, qty: link.qty, isDefault: link.is_default })),
      })));
      priced.set(product.id, { ...product, ...priceFieldsFromGross(total('final_price_incl_tax'), total('original_price_incl_tax'), rateOf(product)), lowest_price_30d: null });
    } else if (product.type_id === 'grouped') {
      const associated = (product.product_links ?? []).filter((link) => link.link_type === 'associated');
      const total = (field: 'final_price_incl_tax' | 'original_price_incl_tax') => groupedPrice(associated.map((link) => ({ finalPrice: gross(link.linked_product_sku, field) ?? 0, typeId: link.linked_product_type })));
      priced.set(product.id, { ...product, ...priceFieldsFromGross(total('final_price_incl_tax'), total('original_price_incl_tax'), rateOf(product)), lowest_price_30d: null });
    }
  }
  return products.map((product) => priced.get(product.id)!);
}
