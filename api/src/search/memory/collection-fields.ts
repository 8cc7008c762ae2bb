import { DEFAULT_EXPONENT, deliveryBucketOf, heatOutput, isReduced, parseTemperatures } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { heatOutputKeyOf } from '../search-request';
import type { WeightedText } from './text-index';
import type { FieldDefinition, IndexOptions } from './document-index';

/**
 * How each collection is indexed. Products: option attributes and flags as term fields
 * (facets), sizes, power, price and dates as numeric columns, the spec §9 text boosts.
 * A configurable radiator carries its children's colours, sizes and outputs, so filtering
 * "antracyt, 600 mm" finds the parent that has such a variant.
 */
const own =
  <D>(read: (doc: D) => unknown): FieldDefinition<D>['values'] =>
  (doc) => {
    const value = read(doc);
    if (value === undefined || value === null) return [];
    return Array.isArray(value) ? value : [value];
  };

function withChildren(code: keyof Product & string): FieldDefinition<Product>['values'] {
  return (product) => {
    const values: unknown[] = [];
    const mine = product[code];
    if (mine !== undefined && mine !== null) values.push(...(Array.isArray(mine) ? mine : [mine]));
    for (const child of product.configurable_children ?? []) {
      const value = (child as unknown as Record<string, unknown>)[code];
      if (value !== undefined && value !== null) values.push(value);
    }
    return values;
  };
}

const term = (values: FieldDefinition<Product>['values']): FieldDefinition<Product> => ({ values, term: true });
const numeric = (values: FieldDefinition<Product>['values']): FieldDefinition<Product> => ({ values, numeric: true });
const both = (values: FieldDefinition<Product>['values']): FieldDefinition<Product> => ({ values, term: true, numeric: true });

export const PRODUCT_TEXT_BOOSTS = { sku: 100, meta_title: 100, meta_keyword: 100, name: 90, 'category.name': 50, description: 1 } as const;

export function productText(product: Product): WeightedText[] {
  const skus = [product.sku, ...(product.configurable_children ?? []).map((child) => child.sku)];
  return [
    ...skus.map((sku) => ({ boost: PRODUCT_TEXT_BOOSTS.sku, text: sku })),
    { boost: PRODUCT_TEXT_BOOSTS.meta_title, text: product.meta_title ?? '' },
    { boost: PRODUCT_TEXT_BOOSTS.meta_keyword, text: product.meta_keyword ?? '' },
    { boost: PRODUCT_TEXT_BOOSTS.name, text: product.name },
    ...product.category.map((category) => ({ boost: PRODUCT_TEXT_BOOSTS['category.name'], text: category.name })),
    { boost: PRODUCT_TEXT_BOOSTS.description, text: product.description ?? '' },
  ];
}

/**
 * `heat_output@{supply}/{return}/{room}`: the product's and its variants' outputs at those
 * temperatures (PN-EN 442, each model's own exponent), for filters and sorts.
 */
function heatOutputAt(field: string): FieldDefinition<Product>['values'] | null {
  const key = heatOutputKeyOf(field);
  const at = key === null ? null : parseTemperatures(key);
  if (!at) return null;
  const nominal = withChildren('power_75_65_20');
  return (product) => nominal(product).map((watts) => heatOutput(Number(watts), at, product.heat_exponent ?? DEFAULT_EXPONENT));
}

/**
 * The product fields a change of prices can move — of the price keys (price, special price and
 * its dates), the price history and `updated_at`, which is all a price change writes (the change
 * log's kind 'price'). Every other field, the text and the derived heat outputs read none of them;
 * price-fields.test.ts checks it over the whole seed catalogue, so a new field computed from
 * a price fails there until it is listed here.
 */
export const PRICE_FIELDS: ReadonlySet<string> = new Set(['price', 'final_price', 'sale', 'updated_at']);

/** `today` (YYYY-MM-DD) decides what is new; prices are already computed for that day. */
export function productIndexOptions(today: string): IndexOptions<Product> {
  const fields: Record<string, FieldDefinition<Product>> = {
    id: both(own((p) => p.id)),
    sku: term(own((p) => p.sku)),
    'configurable_children.sku': term((p) => (p.configurable_children ?? []).map((child) => child.sku)),
    url_key: term(own((p) => p.url_key)),
    url_path: term(own((p) => p.url_path)),
    slug: term(own((p) => p.slug)),
    type_id: term(own((p) => p.type_id)),
    status: term(own((p) => p.status)),
    visibility: term(own((p) => p.visibility)),
    category_ids: term(own((p) => p.category_ids)),
    'stock.is_in_stock': term(own((p) => p.stock.is_in_stock)),
    color: term(withChildren('color')),
    color_options: term((p) => (p.configurable_children ?? []).map((child) => child.color)),
    manufacturer: term(own((p) => p.manufacturer)),
    heater_type: term(own((p) => p.heater_type)),
    material: term(own((p) => p.material)),
    mount: term(own((p) => p.mount)),
    connection_width: term(own((p) => p.connection_width)),
    accessory_type: term(own((p) => p.accessory_type)),
    free_valves: term(own((p) => p.free_valves)),
    bestseller: term(own((p) => p.bestseller)),
    flag: term(own((p) => p.flag)),
    hit_of_the_month: term(own((p) => p.hit_of_the_month)),
    hit_of_the_week: term(own((p) => p.hit_of_the_week)),
    ecommerce: term(own((p) => p.ecommerce)),
    /**
     * Reduced right now (the route's `sale`): by the price the tile shows — for a configurable
     * the cheapest variant's — so every product the filter finds shows a crossed price.
     */
    sale: term((p) => [isReduced(p)]),
    /** A novelty until news_to_date (the route's `new`). */
    new: term((p) => [Boolean(p.news_to_date && p.news_to_date >= today && (!p.news_from_date || p.news_from_date <= today))]),
    /** Delivery buckets of spec §5 over the product and its variants. */
    delivery: term((p) =>
      withChildren('delivery_time')(p)
        .map((days) => deliveryBucketOf(Number(days)))
        .filter((bucket) => bucket !== null),
    ),
    price: numeric(own((p) => p.final_price_incl_tax)),
    final_price: numeric(own((p) => p.final_price_incl_tax)),
    power_75_65_20: both(withChildren('power_75_65_20')),
    power_70_55_20: numeric(withChildren('power_70_55_20')),
    power: both(withChildren('power')),
    width: both(withChildren('width')),
    height: both(withChildren('height')),
    elements_count: both(withChildren('elements_count')),
    working_pressure: both(own((p) => p.working_pressure)),
    delivery_time: both(withChildren('delivery_time')),
    weight: numeric(withChildren('weight')),
    view_count: numeric(own((p) => p.view_count)),
    created_at: numeric(own((p) => p.created_at)),
    updated_at: numeric(own((p) => p.updated_at)),
    news_from_date: numeric(own((p) => p.news_from_date)),
    news_to_date: numeric(own((p) => p.news_to_date)),
  };
  return { fields, text: productText, defaultSort: [{ field: 'view_count', order: 'desc' }], derived: heatOutputAt };
}

/** Small collections: a few lookup fields indexed, everything else read from the documents. */
export function lookupIndexOptions<D>(
  keys: Record<string, (doc: D) => unknown>,
  text: (doc: D) => WeightedText[],
  defaultSort: IndexOptions<D>['defaultSort'],
): IndexOptions<D> {
  const fields: Record<string, FieldDefinition<D>> = {};
  for (const [name, read] of Object.entries(keys))
    fields[name] = { values: own(read), term: true, numeric: name === 'id' || name === 'position' || name === 'level' || name === 'parent_id' };
  return { fields, text, defaultSort };
}
