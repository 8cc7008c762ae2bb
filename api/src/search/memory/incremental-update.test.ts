import type { Product } from '@kaloryfer/api-contract';
import { NOMINAL, temperaturesKey } from '@kaloryfer/domain';
import { priceProducts } from '../../catalog/pricing';
import { taxSettingsFrom } from '../../catalog/tax-settings';
import { generateProducts } from '../../seed/products';
import { TAX_RULES } from '../../seed/reference-data';
import type { CatalogCollections } from '../search-engine';
import { heatOutputColumn, type Filter, type SearchRequest } from '../search-request';
import { MemorySearchEngine } from './memory-engine';

/**
 * The index updated in place (`productsChanged`) answers exactly as an index built afresh from the
 * same documents: every search of the table below — sorts, filters, facets, text — gives the same
 * products, scores, totals and buckets. The updated engine has answered the same searches before
 * the change, so its cached filters, ranges and orders are put to the test too.
 */
const TODAY = '2026-11-21';
const AT = new Date(`${TODAY}T12:00:00Z`);
const HEAT = heatOutputColumn(temperaturesKey(NOMINAL));
const price = (products: Product[]) => priceProducts(products, { tax: taxSettingsFrom(TAX_RULES), at: AT, history: new Map() });
const collections = (product: Product[]): CatalogCollections => ({ product, category: [], attribute: [], taxrule: [], cms_page: [], cms_block: [] });
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const source = generateProducts({ parents: 400, seed: 37, today: TODAY, withHistory: false }).products;
const before = price(source);
/** A configurable whose name changes to words no other product has. */
const RENAMED = source.indexOf(source.filter((product) => product.type_id === 'configurable')[2]);

const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  type: 'product',
  filters: [],
  facets: [],
  sort: [],
  text: '',
  from: 0,
  size: 40,
  include: null,
  exclude: null,
  groupId: null,
  ...overrides,
});
const LISTED: Filter[] = [
  { field: 'visibility', op: 'in', values: [2, 3, 4] },
  { field: 'stock.is_in_stock', op: 'in', values: [true] },
];
const PRICE_BUCKETS = [
  { from: null, to: 100 },
  { from: 100, to: 500 },
  { from: 500, to: 1000 },
  { from: 1000, to: null },
];
const CASES: [string, SearchRequest][] = [
  ['price ascending', request({ sort: [{ field: 'price', order: 'asc' }] })],
  ['price descending, listed', request({ filters: LISTED, sort: [{ field: 'price', order: 'desc' }] })],
  ['price filter 200–800', request({ filters: [{ field: 'price', op: 'range', gte: 200, lte: 800 }], sort: [{ field: 'price', order: 'asc' }] })],
  ['final_price filter below 150', request({ filters: [{ field: 'final_price', op: 'range', lt: 150 }] })],
  ['on sale', request({ filters: [{ field: 'sale', op: 'in', values: [true] }], size: 100 })],
  ['default order (view_count), in stock', request({ filters: LISTED, size: 100 })],
  [
    'facets: colour, category, price ranges, in stock',
    request({
      filters: LISTED,
      facets: [
        { field: 'color', size: 30 },
        { field: 'category_ids', size: 30 },
        { field: 'price', size: 30, ranges: PRICE_BUCKETS },
        { field: 'stock.is_in_stock', size: 2 },
        { field: 'manufacturer', size: 30 },
      ],
      size: 5,
    }),
  ],
  ['colour filter with its facet', request({ filters: [{ field: 'color', op: 'in', values: [101, 4242] }], facets: [{ field: 'color', size: 30 }] })],
  ['text: the new name', request({ text: 'Przecenowiec' })],
  ['text: prefix of the new name', request({ text: 'przecen' })],
  ['text: a word only the old names had', request({ text: before[RENAMED].name.split(' ').slice(-1)[0] })],
  ['text: grzejnik, sorted by relevance', request({ text: 'grzejnik łazienkowy', size: 60 })],
  ['heat output (derived) descending', request({ sort: [{ field: HEAT, order: 'desc' }] })],
  ['heat output filter', request({ filters: [{ field: HEAT, op: 'range', gte: 400 }], sort: [{ field: 'price', order: 'asc' }] })],
  ['name starts with (read from the documents)', request({ filters: [{ field: 'name', op: 'like', pattern: 'Przecenowiec%' }] })],
  ['deep page by price', request({ sort: [{ field: 'price', order: 'asc' }], from: 200, size: 60 })],
];

/** Nine products changed the ways an import changes them: prices, special prices, names, stock, categories, a colour new to the index. */
function changedSources(): Product[] {
  const next = clone(source);
  const simple = next.filter((product) => product.type_id === 'simple');
  const configurable = next.filter((product) => product.type_id === 'configurable');
  simple[0].price = 9.99;
  simple[1].price = simple[1].price * 3;
  simple[2].special_price = Math.round(simple[2].price * 0.5);
  simple[2].special_from_date = '2026-11-01';
  simple[2].special_to_date = '2026-12-31';
  simple[3].name = 'Przecenowiec ścienny 600';
  next[RENAMED].name = 'Przecenowiec bez starych słów';
  simple[4].stock = { ...simple[4].stock, is_in_stock: !simple[4].stock.is_in_stock, qty: simple[4].stock.is_in_stock ? 0 : 7 };
  simple[5].category_ids = simple[5].category_ids.slice(0, 1);
  simple[5].category = simple[5].category.slice(0, 1);
  const children = configurable[0].configurable_children!;
  children[0].price = 1;
  children[0].color = 4242;
  children.pop();
  configurable[1].configurable_children!.forEach((child) => (child.price = child.price + 50));
  return next;
}

function sameAnswers(updated: MemorySearchEngine, fresh: MemorySearchEngine) {
  return Promise.all(
    CASES.map(async ([name, search]) => {
      const [mine, theirs] = await Promise.all([updated.search(search), fresh.search(search)]);
      expect({ name, answer: mine }).toEqual({ name, answer: theirs });
    }),
  );
}

test('after productsChanged every search answers as an index built afresh from the same documents', async () => {
  const updated = new MemorySearchEngine();
  await updated.index(collections(before), { today: TODAY });
  for (const [, search] of CASES) await updated.search(search); // caches warm
  const after = price(changedSources());
  expect(changedSources().filter((product, index) => JSON.stringify(product) !== JSON.stringify(source[index]))).toHaveLength(9);
  // Priced, more changed: the bundles and sets holding a changed part (the catalogue hands those in too).
  const changed = after.filter((product, index) => JSON.stringify(product) !== JSON.stringify(before[index]));
  expect(changed.length).toBeGreaterThan(9);
  updated.productsChanged(changed);
  expect(updated.counts).toEqual({ indexed: 1, updated: 1, productIndexRebuilt: 0 });
  const fresh = new MemorySearchEngine();
  await fresh.index(collections(after), { today: TODAY });
  await sameAnswers(updated, fresh);
  // The change shows: the new name is found, the product now at 9.99 is among the cheapest.
  expect((await updated.search(CASES[8][1])).total).toBeGreaterThan(0);
  const cheap = source.find((product) => product.type_id === 'simple')!.sku;
  expect((await updated.search(CASES[0][1])).items.find((item) => item.sku === cheap)).toMatchObject({ final_price_incl_tax: 9.99 });
});

test('changed back again, the index answers as it did at first; an unchanged product handed in changes nothing', async () => {
  const engine = new MemorySearchEngine();
  await engine.index(collections(before), { today: TODAY });
  const original = await Promise.all(CASES.map(([, search]) => engine.search(search)));
  const after = price(changedSources());
  engine.productsChanged(after.slice(0, 60));
  engine.productsChanged(before.slice(0, 60));
  engine.productsChanged(before.slice(100, 110));
  expect(await Promise.all(CASES.map(([, search]) => engine.search(search)))).toEqual(original);
});

test('a product added or removed rebuilds the product index in id order, answering as a fresh one', async () => {
  const engine = new MemorySearchEngine();
  await engine.index(collections(before.slice(0, -1)), { today: TODAY });
  const removed = before[10];
  engine.productsChanged([before[before.length - 1]], [removed.id]);
  expect(engine.counts.productIndexRebuilt).toBe(1);
  const fresh = new MemorySearchEngine();
  await fresh.index(collections(before.filter((product) => product.id !== removed.id)), { today: TODAY });
  await sameAnswers(engine, fresh);
});
