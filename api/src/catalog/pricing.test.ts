import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { priceProducts } from './pricing';

const tax = { rateFor: () => 23, sourcePriceIncludesTax: true };
const at = new Date('2026-11-21T12:00:00Z');
const stock = (inStock: boolean) => ({ is_in_stock: inStock, qty: inStock ? 3 : 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 3 });
const base = (overrides: Partial<Product>): Product => ({
  id: 1,
  sku: 'X',
  name: 'X',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 100,
  tax_class_id: 2,
  tier_prices: [],
  stock: stock(true),
  image: '',
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
  ...overrides,
});
const child = (sku: string, price: number, inStock: boolean, special: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id: 100 + price,
  sku,
  name: sku,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku,
  image: '',
  price,
  tax_class_id: 2,
  stock: stock(inStock),
  ...special,
});

describe('catalogue pricing with the shared rules', () => {
  const valve = base({ id: 2, sku: 'VALVE', price: 123 });
  const head = base({ id: 3, sku: 'HEAD', price: 61.5, special_price: 49.2, special_from_date: '2026-11-15', special_to_date: '2026-11-30' });
  const radiator = base({
    id: 4,
    sku: 'RAD',
    type_id: 'configurable',
    price: 0,
    configurable_children: [
      child('RAD-S', 899, false),
      child('RAD-M', 1230, true),
      child('RAD-L', 1599, true, { special_price: 1107, special_from_date: '2026-11-10' }),
    ],
  });
  const bundle = base({
    id: 5,
    sku: 'SET',
    type_id: 'bundle',
    price: 0,
    bundle_options: [
      {
        option_id: 1,
        title: 'Grzejnik',
        required: true,
        type: 'radio',
        position: 1,
        sku: 'SET',
        product_links: [
          { id: 1, sku: 'RAD-L', qty: 1, can_change_quantity: 0, is_default: true, position: 0 },
          { id: 2, sku: 'RAD-M', qty: 1, can_change_quantity: 0, is_default: false, position: 1 },
        ],
      },
      {
        option_id: 2,
        title: 'Zawory',
        required: true,
        type: 'select',
        position: 2,
        sku: 'SET',
        product_links: [{ id: 3, sku: 'VALVE', qty: 2, can_change_quantity: 0, is_default: true, position: 0 }],
      },
      {
        option_id: 3,
        title: 'Głowica',
        required: false,
        type: 'checkbox',
        position: 3,
        sku: 'SET',
        product_links: [{ id: 4, sku: 'HEAD', qty: 1, can_change_quantity: 0, is_default: false, position: 0 }],
      },
    ],
  });
  const grouped = base({
    id: 6,
    sku: 'KIT',
    type_id: 'grouped',
    price: 0,
    product_links: [
      { link_type: 'associated', linked_product_sku: 'VALVE', linked_product_type: 'simple', sku: 'KIT', position: 0, qty: 1 },
      { link_type: 'associated', linked_product_sku: 'HEAD', linked_product_type: 'simple', sku: 'KIT', position: 1, qty: 1 },
    ],
  });
  const history = new Map([
    [
      'HEAD',
      [
        { from: '2026-09-01', price: 65 },
        { from: '2026-10-20', price: 61.5 },
        { from: '2026-11-15', price: 49.2 },
      ],
    ],
    [
      'RAD-L',
      [
        { from: '2026-08-01', price: 1599 },
        { from: '2026-10-15', price: 1499 },
        { from: '2026-10-25', price: 1599 },
        { from: '2026-11-10', price: 1107 },
      ],
    ],
  ]);
  const priced = new Map(priceProducts([valve, head, radiator, bundle, grouped], { tax, at, history }).map((product) => [product.sku, product]));

  test('gross source 123 → net 100, tax 23', () => {
    expect(priced.get('VALVE')).toMatchObject({ price: 100, price_incl_tax: 123, price_tax: 23, final_price_incl_tax: 123, original_price_incl_tax: 123 });
  });

  test('a running special price is the final price; Omnibus reads the 30 days before it started', () => {
    expect(priced.get('HEAD')).toMatchObject({ final_price_incl_tax: 49.2, original_price_incl_tax: 61.5, lowest_price_30d: 61.5 });
  });

  test('the cheapest available child sets the configurable price (the cheaper one is sold out)', () => {
    expect(priced.get('RAD')).toMatchObject({ final_price_incl_tax: 1107, original_price_incl_tax: 1599 });
    expect(priced.get('RAD')?.configurable_children?.map((c) => c.final_price_incl_tax)).toEqual([899, 1230, 1107]);
  });

  test('bundle = Σ default link price × qty (optional head without default not counted)', () => {
    expect(priced.get('SET')).toMatchObject({ final_price_incl_tax: 1107 + 2 * 123, original_price_incl_tax: 1599 + 2 * 123 });
  });

  test("a reduced set shows an Omnibus price: Σ its parts' lowest prices of the 30 days before (radiator 1 499, valves at their price)", () => {
    expect(priced.get('SET')?.lowest_price_30d).toBe(1499 + 2 * 123);
    expect(priced.get('KIT')?.lowest_price_30d).toBe(123 + 61.5);
  });

  test('a set at its regular price has no Omnibus price', () => {
    const plain = priceProducts([valve, { ...grouped, product_links: grouped.product_links!.slice(0, 1) }], { tax, at, history });
    expect(plain[1].lowest_price_30d).toBeNull();
  });

  test('grouped = Σ associated simple products at qty 1', () => {
    expect(priced.get('KIT')).toMatchObject({ final_price_incl_tax: 172.2, original_price_incl_tax: 184.5 });
  });

  test('source documents are left as they were', () => {
    expect(head.price).toBe(61.5);
    expect(radiator.configurable_children?.[2]).not.toHaveProperty('final_price_incl_tax');
  });
});
