import type { BundleOption, ConfigurableChild, CustomOption, Product, StockInfo } from '@kaloryfer/api-contract';
import type { SkuEntry } from '../../../catalog/catalog';
import type { SkuLookup } from '../step';

/** Small hand-made products, priced as the catalogue prices them (gross final and original prices set), for the line steps' tests. */

export const stock = (overrides: Partial<StockInfo> = {}): StockInfo => ({
  is_in_stock: true,
  qty: 10,
  manage_stock: true,
  is_volatile: false,
  min_sale_qty: 1,
  max_sale_qty: 0,
  ...overrides,
});

export const product = (overrides: Partial<Product>): Product => ({
  id: 1,
  sku: 'X',
  name: 'X',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 100,
  tax_class_id: 2,
  tier_prices: [],
  stock: stock(),
  image: 'x.jpg',
  thumbnail: '',
  media_gallery: [],
  url_key: 'x',
  url_path: 'x',
  slug: 'x',
  category: [],
  category_ids: [],
  description: '',
  short_description: '',
  meta_title: '',
  meta_keyword: '',
  meta_description: '',
  created_at: '',
  updated_at: '',
  view_count: 0,
  final_price_incl_tax: 100,
  original_price_incl_tax: 100,
  ...overrides,
});

export const child = (sku: string, attributes: Record<string, number>, overrides: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id: 100,
  sku,
  name: sku,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku,
  image: '',
  price: 100,
  tax_class_id: 2,
  stock: stock(),
  final_price_incl_tax: 100,
  original_price_incl_tax: 100,
  ...attributes,
  ...overrides,
});

/** A text option (id 1, at most 10 characters, +5 zł) and a checkbox option (id 2: +10 zł and +10 %), the text one required. */
export const engraved = product({
  sku: 'ENGRAVED',
  name: 'Grawerowany',
  custom_options: [
    {
      option_id: 2,
      title: 'Dodatki',
      type: 'checkbox',
      is_require: false,
      sort_order: 2,
      values: [
        { option_type_id: 21, title: 'Uszczelka', price: 10, price_type: 'fixed', sort_order: 1 },
        { option_type_id: 22, title: 'Montaż', price: 10, price_type: 'percent', sort_order: 2 },
      ],
    },
    {
      option_id: 1,
      title: 'Napis',
      type: 'field',
      is_require: true,
      sort_order: 1,
      max_characters: 10,
      values: [{ option_type_id: 11, title: 'Grawer', price: 5, price_type: 'fixed', sort_order: 1 }],
    },
  ] satisfies CustomOption[],
});

export const radioOption: CustomOption = {
  option_id: 3,
  title: 'Kolor',
  type: 'radio',
  is_require: false,
  sort_order: 3,
  values: [
    { option_type_id: 31, title: 'Biały', price: 0, price_type: 'fixed', sort_order: 1 },
    { option_type_id: 32, title: 'Czarny', price: 20, price_type: 'fixed', sort_order: 2 },
  ],
};

export const radiator = product({ sku: 'RAD', name: 'Grzejnik', weight: 20, final_price_incl_tax: 1000, stock: stock({ qty: 3 }) });
export const valve = product({ sku: 'VALVE', name: 'Zawór', weight: 0.5, final_price_incl_tax: 50 });
export const head = product({ sku: 'HEAD', name: 'Głowica', weight: 0.2, final_price_incl_tax: 80 });

/** A set: one radiator (required, fixed qty), valves (qty the shopper's, default 2), an optional head. */
export const set = product({
  sku: 'SET',
  name: 'Zestaw',
  type_id: 'bundle',
  bundle_options: [
    {
      option_id: 1,
      title: 'Grzejnik',
      required: true,
      type: 'radio',
      position: 1,
      sku: 'SET',
      product_links: [
        { id: 1, sku: 'RAD', qty: 1, can_change_quantity: 0, is_default: true, position: 0 },
        { id: 2, sku: 'GONE', qty: 1, can_change_quantity: 0, is_default: false, position: 1 },
      ],
    },
    {
      option_id: 2,
      title: 'Zawory',
      required: true,
      type: 'select',
      position: 2,
      sku: 'SET',
      product_links: [{ id: 3, sku: 'VALVE', qty: 2, can_change_quantity: 1, is_default: true, position: 0 }],
    },
    {
      option_id: 3,
      title: 'Dodatki',
      required: false,
      type: 'checkbox',
      position: 3,
      sku: 'SET',
      product_links: [
        { id: 5, sku: 'HEAD', qty: 1, can_change_quantity: 0, is_default: false, position: 0 },
        { id: 4, sku: 'VALVE', qty: 1, can_change_quantity: 0, is_default: false, position: 1 },
      ],
    },
  ] satisfies BundleOption[],
});

/** A catalogue's sku lookup over these products (a configurable's variants by their own skus too). */
export function lookup(products: Product[]): SkuLookup {
  const entries = new Map<string, SkuEntry>();
  for (const each of products) {
    entries.set(each.sku, { product: each, child: null });
    for (const variant of each.configurable_children ?? []) entries.set(variant.sku, { product: each, child: variant });
  }
  return { bySkuLookup: (sku) => entries.get(sku) };
}
