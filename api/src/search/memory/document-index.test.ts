import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { parseSearch } from '../query-parser';
import { productIndexOptions } from './collection-fields';
import { DocumentIndex } from './document-index';
import { withinOneEdit } from './text-index';

const TODAY = '2026-11-21';
const stock = (inStock = true) => ({ is_in_stock: inStock, qty: inStock ? 5 : 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 5 });
const categories = {
  ladder: [
    { category_id: 6, name: 'Grzejniki łazienkowe', slug: 'grzejniki-lazienkowe', path: '' },
    { category_id: 7, name: 'Grzejniki drabinkowe', slug: 'grzejniki-drabinkowe', path: '' },
  ],
  decorative: [{ category_id: 3, name: 'Grzejniki dekoracyjne', slug: 'grzejniki-dekoracyjne', path: '' }],
  valves: [
    { category_id: 17, name: 'Akcesoria', slug: 'akcesoria', path: '' },
    { category_id: 18, name: 'Zawory', slug: 'zawory', path: '' },
  ],
};

let nextId = 1;
function product(overrides: Partial<Product> & { sku: string; name: string }): Product {
  const id = nextId++;
  const category = overrides.category ?? categories.decorative;
  return {
    id,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: 1000,
    tax_class_id: 2,
    tier_prices: [],
    stock: stock(),
    image: '/product/x.svg',
    thumbnail: '',
    media_gallery: [],
    url_key: overrides.sku.toLowerCase(),
    url_path: overrides.sku.toLowerCase(),
    slug: overrides.sku.toLowerCase(),
    category,
    category_ids: category.map((c) => c.category_id),
    description: '',
    short_description: '',
    meta_title: '',
    meta_keyword: '',
    meta_description: '',
    created_at: '2026-01-01 08:00:00',
    updated_at: '2026-01-01 08:00:00',
    view_count: id,
    final_price_incl_tax: overrides.price ?? 1000,
    original_price_incl_tax: overrides.price ?? 1000,
    ...overrides,
  };
}
const child = (sku: string, color: number, width: number, power: number, extra: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id: nextId++,
  sku,
  name: sku,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku,
  image: '',
  price: 1000,
  tax_class_id: 2,
  stock: stock(),
  color,
  width,
  height: 1200,
  power_75_65_20: power,
  delivery_time: 1,
  ...extra,
});

const docs: Product[] = [
  product({
    sku: 'LAD-1',
    name: 'Grzejnik łazienkowy drabinkowy Wisła',
    category: categories.ladder,
    price: 450,
    color: 101,
    width: 500,
    power_75_65_20: 480,
    delivery_time: 1,
    manufacturer: 201,
    view_count: 50,
  }),
  product({
    sku: 'LAD-2',
    name: 'Grzejnik łazienkowy drabinkowy Odra',
    category: categories.ladder,
    price: 499.99,
    color: 108,
    width: 600,
    power_75_65_20: 500,
    delivery_time: 10,
    manufacturer: 202,
    view_count: 40,
  }),
  product({
    sku: 'DEC-1',
    name: 'Grzejnik dekoracyjny pionowy Lumen',
    type_id: 'configurable',
    price: 1500,
    manufacturer: 201,
    delivery_time: 1,
    view_count: 30,
    configurable_children: [
      child('DEC-1-A', 104, 400, 900),
      child('DEC-1-B', 101, 600, 1450, { delivery_time: 21, final_price_incl_tax: 1600, original_price_incl_tax: 1800 }),
    ],
  }),
  product({
    sku: 'DEC-2',
    name: 'Grzejnik dekoracyjny poziomy Fala',
    price: 5000,
    color: 103,
    width: 1400,
    power_75_65_20: 3000,
    delivery_time: 3,
    manufacturer: 203,
    view_count: 20,
    news_to_date: '2026-12-31',
  }),
  product({
    sku: 'ZAW-1',
    name: 'Zawór termostatyczny kątowy',
    category: categories.valves,
    price: 89,
    color: 108,
    delivery_time: 60,
    manufacturer: 202,
    view_count: 10,
    description: 'Pasuje do grzejników łazienkowych',
  }),
  product({
    sku: 'OUT-1',
    name: 'Grzejnik łazienkowy wyprzedany',
    category: categories.ladder,
    price: 600,
    stock: stock(false),
    delivery_time: 45,
    view_count: 5,
  }),
  product({ sku: 'HID-1', name: 'Grzejnik ukryty', visibility: 1, view_count: 4 }),
  product({ sku: 'OFF-1', name: 'Grzejnik wyłączony', status: 2, view_count: 3 }),
  product({ sku: 'SALE-1', name: 'Grzejnik promocyjny', price: 800, original_price_incl_tax: 1000, final_price_incl_tax: 800, view_count: 2 }),
];

const index = new DocumentIndex(docs, productIndexOptions(TODAY));
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];
const search = (query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  index.search(parseSearch({ type: 'product', query, size: 100, ...extra }));
const skus = (query: Record<string, unknown>, extra: Record<string, unknown> = {}) => search(query, extra).docs.map((doc) => doc.sku);

describe('filters', () => {
  test('listing rules (spec §5): visibility 2/3/4, status 0/1, in stock', () => {
    expect(skus({ _appliedFilters: LISTED })).toEqual(['LAD-1', 'LAD-2', 'DEC-1', 'DEC-2', 'ZAW-1', 'SALE-1']);
  });
  test('with out-of-stock listing on, the sold-out product is listed too', () => {
    expect(skus({ _appliedFilters: LISTED.slice(0, 2) })).toContain('OUT-1');
  });
  test.each([
    ['category', [{ attribute: 'category_ids', value: { in: [7] } }], ['LAD-1', 'LAD-2', 'OUT-1']],
    ['a colour a variant has', [{ attribute: 'color', value: { in: [104] } }], ['DEC-1']],
    ['two colours (or)', [{ attribute: 'color', value: { in: [104, 108] } }], ['LAD-2', 'DEC-1', 'ZAW-1']],
    [
      'colour and width of different variants still match the parent',
      [
        { attribute: 'color', value: 104 },
        { attribute: 'width', value: { gte: 600 } },
      ],
      ['DEC-1'],
    ],
    ['manufacturer not', [{ attribute: 'manufacturer', value: { nin: [201, 202] } }], ['DEC-2', 'OUT-1', 'HID-1', 'OFF-1', 'SALE-1']],
    ['price [500, 1500)', [{ attribute: 'price', value: { gte: 500, lt: 1500 } }], ['OUT-1', 'HID-1', 'OFF-1', 'SALE-1']],
    ['price ≤ 500', [{ attribute: 'price', value: { lte: 500 } }], ['LAD-1', 'LAD-2', 'ZAW-1']],
    ['power ≥ 1000 (a variant has 1450)', [{ attribute: 'power_75_65_20', value: { gte: 1000 } }], ['DEC-1', 'DEC-2']],
    ['delivery 24h', [{ attribute: 'delivery', value: { in: ['24h'] } }], ['LAD-1', 'DEC-1']],
    ['delivery 15-30 (a variant ships in 21 days)', [{ attribute: 'delivery', value: { in: ['15-30'] } }], ['DEC-1']],
    ['delivery 31-60', [{ attribute: 'delivery', value: { in: ['31-60'] } }], ['ZAW-1', 'OUT-1']],
    ["on sale: the price shown is reduced (a dearer variant's reduction shows on no tile)", [{ attribute: 'sale', value: { eq: true } }], ['SALE-1']],
    ['new until news_to_date', [{ attribute: 'new', value: { eq: 1 } }], ['DEC-2']],
    ['exists news_to_date', [{ attribute: 'news_to_date', value: { exists: true } }], ['DEC-2']],
    ['sku of a variant finds the parent', [{ attribute: 'configurable_children.sku', value: { eq: 'DEC-1-B' } }], ['DEC-1']],
    ['like on a field without an index', [{ attribute: 'name', value: { like: 'dekoracyjny%' } }], []],
    ['like with a wildcard', [{ attribute: 'name', value: { like: 'grzejnik dekoracyjny%' } }], ['DEC-1', 'DEC-2']],
  ])('%s', (_case, filters, expected) => {
    expect(skus({ _appliedFilters: filters }, { sort: 'id:asc' })).toEqual(expected);
  });
});

describe('aggregations', () => {
  const facets = ['color', 'manufacturer', 'delivery', 'price', 'power_75_65_20', 'width'].map((field) => ({ field }));
  test('term buckets count products, most first; a facet ignores its own filter', () => {
    const { aggregations, total } = search({ _appliedFilters: [...LISTED, { attribute: 'color', value: { in: [108] } }], _availableFilters: facets });
    expect(total).toBe(2);
    expect(aggregations.agg_terms_color.buckets).toEqual([
      { key: '101', doc_count: 2 },
      { key: '108', doc_count: 2 },
      { key: '103', doc_count: 1 },
      { key: '104', doc_count: 1 },
    ]);
    expect(aggregations.agg_terms_color_options.buckets).toEqual([
      { key: '101', doc_count: 1 },
      { key: '104', doc_count: 1 },
    ]);
    // Other facets count within the colour filter: LAD-2 and ZAW-1 are both by 202.
    expect(aggregations.agg_terms_manufacturer.buckets).toEqual([{ key: '202', doc_count: 2 }]);
  });

  test('price ranges are [from, to): 499.99 is under 500, 5000 is in "5000.0-*"', () => {
    const { aggregations } = search({ _appliedFilters: LISTED, _availableFilters: facets });
    expect(aggregations.agg_range_price.buckets).toEqual([
      { key: '0.0-500.0', from: 0, to: 500, doc_count: 3 },
      { key: '500.0-1500.0', from: 500, to: 1500, doc_count: 1 },
      { key: '1500.0-3000.0', from: 1500, to: 3000, doc_count: 1 },
      { key: '3000.0-5000.0', from: 3000, to: 5000, doc_count: 0 },
      { key: '5000.0-*', from: 5000, to: null, doc_count: 1 },
    ]);
  });

  test('power in steps of 500 W: a configurable counts in every bucket one of its variants is in', () => {
    const { aggregations } = search({ _appliedFilters: LISTED, _availableFilters: facets });
    expect(Object.fromEntries(aggregations.agg_range_power_75_65_20.buckets.map((bucket) => [bucket.key, bucket.doc_count]))).toEqual({
      '0.0-500.0': 1,
      '500.0-1000.0': 2,
      '1000.0-1500.0': 1,
      '1500.0-2000.0': 0,
      '2000.0-2500.0': 0,
      '2500.0-3000.0': 0,
      '3000.0-*': 1,
    });
  });

  test('delivery buckets by name', () => {
    const { aggregations } = search({ _appliedFilters: LISTED, _availableFilters: facets });
    expect(aggregations.agg_terms_delivery.buckets).toEqual([
      { key: '24h', doc_count: 2 },
      { key: '7-14', doc_count: 1 },
      { key: '15-30', doc_count: 1 },
      { key: '31-60', doc_count: 1 },
    ]);
  });

  test('a facet on a field without an index is counted from the documents', () => {
    const { aggregations } = search({ _appliedFilters: LISTED, _availableFilters: [{ field: 'type_id' }, { field: 'description' }] });
    expect(aggregations.agg_terms_type_id.buckets).toEqual([
      { key: 'simple', doc_count: 5 },
      { key: 'configurable', doc_count: 1 },
    ]);
    expect(aggregations.agg_terms_description.buckets).toEqual([{ key: 'Pasuje do grzejników łazienkowych', doc_count: 1 }]);
  });

  test('the terms size limits the buckets', () => {
    const { aggregations } = search({ _availableFilters: [{ field: 'color', options: { size: 2 } }] });
    expect(aggregations.agg_terms_color.buckets).toHaveLength(2);
  });
  test('small and large result sets count the same as counting by hand (tally vs popcount paths)', () => {
    // 3,000 products, colours spread so a narrow filter leaves a sparse set and none a dense one.
    const many = Array.from({ length: 3000 }, (_, i) =>
      product({ sku: `M-${i}`, name: 'Grzejnik', color: 101 + (i % 7), manufacturer: 201 + (i % 3), price: 100 + (i % 50) }),
    );
    const big = new DocumentIndex(many, productIndexOptions(TODAY));
    const byHand = (docs: Product[]) => {
      const counts = new Map<string, number>();
      for (const doc of docs) counts.set(String(doc.color), (counts.get(String(doc.color)) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    const colours = (filters: unknown[]) =>
      Object.fromEntries(
        big
          .search(parseSearch({ type: 'product', query: { _appliedFilters: filters, _availableFilters: [{ field: 'color' }] }, size: 1 }))
          .aggregations.agg_terms_color.buckets.map((bucket) => [bucket.key, bucket.doc_count]),
      );
    expect(colours([])).toEqual(byHand(many));
    const sparse = many.filter((doc) => doc.price === 100);
    expect(sparse.length).toBe(60);
    expect(colours([{ attribute: 'price', value: { lte: 100 } }])).toEqual(byHand(sparse));
    expect(colours([{ attribute: 'manufacturer', value: { in: [202] } }])).toEqual(byHand(many.filter((doc) => doc.manufacturer === 202)));
  });
});

describe('sort and paging', () => {
  test('default: view_count descending (spec §9)', () => {
    expect(skus({ _appliedFilters: LISTED })).toEqual(['LAD-1', 'LAD-2', 'DEC-1', 'DEC-2', 'ZAW-1', 'SALE-1']);
  });
  test.each([
    ['price:asc', ['ZAW-1', 'LAD-1', 'LAD-2', 'SALE-1', 'DEC-1', 'DEC-2']],
    ['price:desc', ['DEC-2', 'DEC-1', 'SALE-1', 'LAD-2', 'LAD-1', 'ZAW-1']],
    ['id:desc', ['SALE-1', 'ZAW-1', 'DEC-2', 'DEC-1', 'LAD-2', 'LAD-1']],
    ['name:asc', ['DEC-1', 'DEC-2', 'LAD-2', 'LAD-1', 'SALE-1', 'ZAW-1']],
    ['width:desc,price:asc (ties on 600 mm by price)', ['DEC-2', 'LAD-2', 'DEC-1', 'LAD-1', 'ZAW-1', 'SALE-1']],
  ])('%s', (sort, expected) => {
    expect(skus({ _appliedFilters: LISTED }, { sort: sort.replace(/ \(.*\)$/, '') })).toEqual(expected);
  });
  test('from/size page through the same order; total counts all', () => {
    const first = search({ _appliedFilters: LISTED }, { sort: 'price:asc', from: 0, size: 4 });
    const second = search({ _appliedFilters: LISTED }, { sort: 'price:asc', from: 4, size: 4 });
    expect(first.total).toBe(6);
    expect([...first.docs, ...second.docs].map((doc) => doc.sku)).toEqual(['ZAW-1', 'LAD-1', 'LAD-2', 'SALE-1', 'DEC-1', 'DEC-2']);
    expect(search({ _appliedFilters: LISTED }, { from: 10 }).docs).toEqual([]);
  });
});

describe('text search (spec §9)', () => {
  test.each([
    ['lazienkowy (and, as a prefix, łazienkowych in a description)', ['LAD-1', 'LAD-2', 'OUT-1', 'ZAW-1']],
    ['ŁAZIENKOWY', ['LAD-1', 'LAD-2', 'OUT-1', 'ZAW-1']],
    ['lazienkowy grzejnik drabinkowy', ['LAD-1', 'LAD-2', 'OUT-1']],
    ['zawor', ['ZAW-1']],
    ['zawur', ['ZAW-1']],
    ['termostatyczy', ['ZAW-1']],
    ['dekoracyjn (names and the category name)', ['DEC-1', 'DEC-2', 'OFF-1', 'SALE-1']],
    ['DEC-1-B', ['DEC-1']],
    ['kaloryfer', []],
  ])('%s', (text, expected) => {
    text = text.replace(/ \(.*\)$/, '');
    expect(new Set(skus({ _searchText: text, _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] } }] }))).toEqual(new Set(expected));
  });

  test('boosts: "grzejnik łazienkowy" ranks bathroom radiators (name + category) above the rest', () => {
    const found = skus({ _searchText: 'grzejnik łazienkowy', _appliedFilters: LISTED });
    expect(found.slice(0, 2).sort()).toEqual(['LAD-1', 'LAD-2']);
    expect(found).toContain('DEC-2');
  });

  test('a name match outranks a description match', () => {
    const found = search({ _searchText: 'łazienkowych' }).docs.map((doc) => doc.sku);
    expect(found[found.length - 1]).toBe('ZAW-1');
  });

  test('minimum_should_match 75 %: three words need two', () => {
    expect(skus({ _searchText: 'zawór kątowy turbo' })).toEqual(['ZAW-1']);
    expect(skus({ _searchText: 'zawór turbo nitro' })).toEqual([]);
  });

  test('results carry their score; an explicit sort overrides relevance', () => {
    const result = search({ _searchText: 'grzejnik' }, { sort: 'price:asc' });
    expect(result.scores?.every((score) => score > 0.02)).toBe(true);
    const prices = result.docs.map((doc) => doc.final_price_incl_tax as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(result.docs.length).toBeGreaterThan(5);
  });
});

describe('one edit (fuzziness 1, transpositions count one)', () => {
  test.each([
    ['zawor', 'zawor', true],
    ['zawor', 'zawur', true],
    ['zawor', 'zawo', true],
    ['zawor', 'zaworr', true],
    ['zawor', 'zawro', true],
    ['zawor', 'zwaro', false],
    ['zawor', 'zaw', false],
    ['abc', 'bcd', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });
});
