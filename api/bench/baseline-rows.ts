import { deliveryBucketOf, foldText, RANGE_FACETS } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';

/**
 * The rows both SQL baselines load (the plain relational way to do what the engine does):
 * one row per product, one (id, attribute, value) row per facet value, folded text per field.
 */
export interface BaselineQuery {
  category: number;
  colour?: number;
  text?: string;
  facets: boolean;
  size: number;
}

export interface BaselineRows {
  products: { id: number; sku: string; price: number; viewCount: number; listed: boolean }[];
  values: { id: number; attr: string; value: number }[];
  texts: { id: number; sku: string; name: string; category: string; description: string }[];
}

export const TERM_FACETS = ['color', 'manufacturer', 'material', 'heater_type', 'delivery'];
export const RANGES = { price: RANGE_FACETS.price, power_75_65_20: RANGE_FACETS.power_75_65_20, width: RANGE_FACETS.width };
const DELIVERY_CODE = { '24h': 1, '7-14': 2, '15-30': 3, '31-60': 4 } as const;

export function baselineRows(products: Product[]): BaselineRows {
  const rows: BaselineRows = { products: [], values: [], texts: [] };
  for (const product of products) {
    const listed = [2, 3, 4].includes(product.visibility) && product.status < 2 && product.stock.is_in_stock;
    rows.products.push({ id: product.id, sku: product.sku, price: product.final_price_incl_tax ?? product.price, viewCount: product.view_count, listed });
    const children = product.configurable_children ?? [];
    const values = (code: string) =>
      new Set(
        [(product as never)[code], ...children.map((child) => (child as never)[code])].filter((value) => value !== undefined && value !== null) as number[],
      );
    for (const id of product.category_ids) rows.values.push({ id: product.id, attr: 'category_ids', value: id });
    for (const code of ['color', 'manufacturer', 'material', 'heater_type', 'width', 'power_75_65_20']) {
      for (const value of values(code)) rows.values.push({ id: product.id, attr: code, value });
    }
    for (const days of values('delivery_time')) {
      const bucket = deliveryBucketOf(days);
      if (bucket) rows.values.push({ id: product.id, attr: 'delivery', value: DELIVERY_CODE[bucket] });
    }
    rows.texts.push({
      id: product.id,
      sku: foldText([product.sku, ...children.map((child) => child.sku)].join(' ')),
      name: foldText(product.name),
      category: foldText(product.category.map((c) => c.name).join(' ')),
      description: foldText(product.description),
    });
  }
  return rows;
}

/** The query's words folded; the engine needs 75 % of them, the baselines OR them. */
export function queryWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A CASE expression numbering the range buckets ([from, to)) a value falls in. */
export function bucketCase(buckets: readonly { from: number | null; to: number | null }[]): string {
  return buckets.map((bucket, index) => `WHEN value >= ${bucket.from ?? -1e12} AND value < ${bucket.to ?? 1e12} THEN ${index}`).join(' ');
}
