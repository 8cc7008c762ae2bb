import type { PricePoint, Product } from '@kaloryfer/api-contract';
import { NOMINAL, temperaturesKey } from '@kaloryfer/domain';
import { PRICE_DOC_KEYS, PRICE_KEYS } from '../../catalog/catalog-data';
import { priceProducts } from '../../catalog/pricing';
import { taxSettingsFrom } from '../../catalog/tax-settings';
import { generateProducts } from '../../seed/products';
import { TAX_RULES } from '../../seed/reference-data';
import { heatOutputColumn } from '../search-request';
import { PRICE_FIELDS, productIndexOptions } from './collection-fields';

/**
 * A price change (the change log's kind 'price') updates only PRICE_FIELDS of the index, and
 * neither its text nor its derived heat outputs. That holds only while no other field reads a
 * price: here every product of a seed catalogue gets every kind of price change a document's
 * price keys and price history can make, and every other field, the text and a derived column
 * must give the same values before and after. A new field computed from a price fails here.
 */
const TODAY = '2026-11-21';
const AT = new Date(`${TODAY}T12:00:00Z`);
const options = productIndexOptions(TODAY);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const { products: source, priceHistory } = generateProducts({ parents: 300, seed: 41, today: TODAY, withHistory: true });
const history = new Map<string, PricePoint[]>(priceHistory.map(({ sku, points }) => [sku, points]));
const price = (products: Product[], timelines: Map<string, PricePoint[]>) =>
  priceProducts(products, { tax: taxSettingsFrom(TAX_RULES), at: AT, history: timelines });

/** What each change does to a product's or a variant's price keys. */
const CHANGES: [string, (doc: Record<string, unknown>) => void][] = [
  ['a new price', (doc) => (doc.price = Math.round(Number(doc.price) * 113) / 100)],
  [
    'a special price running today',
    (doc) =>
      Object.assign(doc, {
        special_price: Math.round(Number(doc.price) * 70) / 100,
        special_from_date: '2026-11-01 00:00:00',
        special_to_date: '2026-12-31 23:59:59',
      }),
  ],
  ['a special price that starts tomorrow', (doc) => Object.assign(doc, { special_price: 1, special_from_date: '2026-11-22 00:00:00' })],
  [
    'the special price and its dates taken away',
    (doc) => {
      delete doc.special_price;
      delete doc.special_from_date;
      delete doc.special_to_date;
    },
  ],
  ['updated_at', (doc) => (doc.updated_at = '2026-11-21 11:59:00')],
];

const valuesOf = (products: Product[], read: (product: Product) => unknown) => products.map((product) => JSON.stringify(read(product)));

/** The changed document's price keys — its own and its variants' — on the original's everything else. */
function pricesOf(original: Product, changed: Record<string, unknown>): Product {
  const doc = clone(original) as unknown as Record<string, unknown>;
  const take = (into: Record<string, unknown>, from: Record<string, unknown>, keys: readonly string[]) => {
    for (const key of keys) {
      if (key in from) into[key] = from[key];
      else delete into[key];
    }
  };
  take(doc, changed, PRICE_DOC_KEYS);
  const children = changed.configurable_children as Record<string, unknown>[] | undefined;
  (doc.configurable_children as Record<string, unknown>[] | undefined)?.forEach((child, i) => take(child, children![i], PRICE_KEYS));
  return doc as unknown as Product;
}

test.each(CHANGES)('%s, on every product and every variant, moves no index field but PRICE_FIELDS, nor the text, nor a derived column', (_name, change) => {
  const before = price(source, history);
  const changedSource = source.map((product) => {
    const doc = clone(product) as unknown as Record<string, unknown>;
    change(doc);
    // A variant's prices change the same ways (an import declares its parent's update a price change: 0027).
    for (const child of (doc.configurable_children as Record<string, unknown>[] | undefined) ?? []) change(child);
    return pricesOf(product, doc);
  });
  // A new history point for every SKU, a day ago, at a tenth of its price: the 30-day lowest moves.
  const moved = new Map([...history].map(([sku, points]) => [sku, [...points, { from: '2026-11-20', price: Math.max(1, points.at(-1)!.price / 10) }]]));
  const after = price(changedSource, moved);
  const derived = options.derived!(heatOutputColumn(temperaturesKey(NOMINAL)))!;
  const differing = Object.entries(options.fields)
    .filter(([name]) => !PRICE_FIELDS.has(name))
    .filter(([, field]) => valuesOf(before, field.values).join('\n') !== valuesOf(after, field.values).join('\n'))
    .map(([name]) => name);
  expect(differing).toEqual([]);
  expect(valuesOf(after, options.text!)).toEqual(valuesOf(before, options.text!));
  expect(valuesOf(after, derived)).toEqual(valuesOf(before, derived));
  // The test can fail: the price fields themselves do move.
  expect(
    Object.entries(options.fields).some(
      ([name, field]) => PRICE_FIELDS.has(name) && valuesOf(before, field.values).join() !== valuesOf(after, field.values).join(),
    ),
  ).toBe(true);
});

test('every name in PRICE_FIELDS is a product field of the index', () => {
  for (const name of PRICE_FIELDS) expect(Object.keys(options.fields)).toContain(name);
});
