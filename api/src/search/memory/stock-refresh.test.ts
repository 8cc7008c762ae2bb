import type { Product, StockInfo } from '@kaloryfer/api-contract';
import type { Filter, SearchRequest } from '../search-request';
import { productIndexOptions } from './collection-fields';
import { DocumentIndex } from './document-index';
import { refreshStock } from './stock-refresh';

/** The stock column follows documents changed in place: moved between bitsets, or rebuilt when a value is new. */
const stock = (qty: number): StockInfo => ({ is_in_stock: qty > 0, qty, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 0 });
const product = (id: number, qty: number, category: number) =>
  ({
    id,
    sku: `SKU-${id}`,
    name: `Grzejnik ${id}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    stock: stock(qty),
    category: [],
    category_ids: [category],
    tier_prices: [],
    final_price_incl_tax: 100 * id,
    original_price_incl_tax: 100 * id,
    view_count: id,
    url_key: `p${id}`,
    url_path: `p${id}`,
    slug: `p${id}`,
  }) as unknown as Product;

const request = (filters: Filter[]): SearchRequest => ({
  type: 'product',
  filters,
  facets: [{ field: 'stock.is_in_stock', size: 10 }],
  sort: [],
  text: '',
  from: 0,
  size: 50,
  include: null,
  exclude: null,
  groupId: null,
});
const IN_STOCK: Filter = { field: 'stock.is_in_stock', op: 'in', values: [true] };
const QTY_LOW: Filter = { field: 'stock.qty', op: 'range', lte: 1 };
const CATEGORY: Filter = { field: 'category_ids', op: 'in', values: [7] };

function setUp(quantities: number[]) {
  const docs = quantities.map((qty, index) => product(index + 1, qty, index % 2 ? 7 : 8));
  const index = new DocumentIndex(docs, productIndexOptions('2026-11-21'));
  const skus = (filters: Filter[]) =>
    index
      .search(request(filters))
      .docs.map((doc) => doc.sku)
      .sort();
  const facet = (filters: Filter[]) => index.search(request(filters)).aggregations['agg_terms_stock.is_in_stock'].buckets;
  const sell = (ordinal: number, qty: number) => Object.assign(docs[ordinal].stock, stock(qty));
  return { docs, index, skus, facet, sell };
}

test.each([
  // [quantities, sold: [ordinal, qty left], in stock after, in category 7 and in stock after, column rebuilt]
  [[1, 5, 3, 2, 0], [[0, 0]], ['SKU-2', 'SKU-3', 'SKU-4'], ['SKU-2', 'SKU-4'], false],
  [
    [1, 1, 3, 2, 0],
    [
      [0, 0],
      [1, 0],
    ],
    ['SKU-3', 'SKU-4'],
    ['SKU-4'],
    false,
  ],
  [[2, 5], [[1, 4]], ['SKU-1', 'SKU-2'], ['SKU-2'], false], // stock left: nothing moves
  [[0, 5], [[0, 3]], ['SKU-1', 'SKU-2'], ['SKU-2'], false], // a restock brings it back
  [[5, 5], [[1, 0]], ['SKU-1'], [], false], // "false" is new to the column: it gains the key, no rebuild
  [
    [5, 5, 5, 0],
    [
      [0, 4],
      [1, 3],
      [2, 0],
      [3, 2],
    ],
    ['SKU-1', 'SKU-2', 'SKU-4'],
    ['SKU-2', 'SKU-4'],
    false,
  ], // an import's stock: most keep their key (only qty changed), two move
])('quantities %j, stock changed %j → in stock %j', (quantities, changes, inStock, inCategory, rebuilt) => {
  const { docs, index, skus, sell } = setUp(quantities as number[]);
  skus([IN_STOCK]);
  skus([CATEGORY, IN_STOCK]);
  skus([CATEGORY]); // warm the caches
  for (const [ordinal, qty] of changes as number[][]) sell(ordinal, qty);
  const build = jest.spyOn(index as unknown as { buildField: () => void }, 'buildField');
  refreshStock(
    index,
    (changes as number[][]).map(([ordinal]) => docs[ordinal]),
  );
  expect(build).toHaveBeenCalledTimes(rebuilt ? 1 : 0);
  expect(skus([IN_STOCK])).toEqual(inStock);
  expect(skus([CATEGORY, IN_STOCK])).toEqual(inCategory);
  expect(skus([CATEGORY])).toEqual(
    docs
      .filter((_, i) => i % 2)
      .map((doc) => doc.sku)
      .sort(),
  ); // untouched filters still right
});

test('the facet counts and the cached stock.qty filter follow; without a list of documents the column is rebuilt', () => {
  const { docs, index, skus, facet, sell } = setUp([1, 5, 3, 2]);
  expect(facet([])).toEqual([{ key: '1', doc_count: 4 }]);
  expect(skus([QTY_LOW])).toEqual(['SKU-1']);
  sell(0, 0);
  sell(3, 1);
  refreshStock(index, [docs[0], docs[3]]);
  expect(facet([])).toEqual([
    { key: '1', doc_count: 3 },
    { key: '0', doc_count: 1 },
  ]);
  expect(skus([QTY_LOW])).toEqual(['SKU-1', 'SKU-4']);
  sell(1, 0);
  refreshStock(index);
  expect(facet([])).toEqual([
    { key: '0', doc_count: 2 },
    { key: '1', doc_count: 2 },
  ]);
  expect(skus([IN_STOCK])).toEqual(['SKU-3', 'SKU-4']);
});
