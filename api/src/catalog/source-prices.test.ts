import type { Product } from '@kaloryfer/api-contract';
import { SourcePrices } from './source-prices';

const source = {
  id: 7,
  sku: 'KF-DP-0007',
  name: 'Grzejnik dekoracyjny Lumen',
  type_id: 'configurable',
  price: 2299,
  special_price: 2039,
  special_from_date: '2026-11-24',
  tax_class_id: 2,
  configurable_children: [
    { sku: 'KF-DP-0007-500', price: 2299, special_price: null, tax_class_id: 2 },
    { sku: 'KF-DP-0007-600', price: 2499, tax_class_id: 2 },
  ],
} as unknown as Product;

// As pricing leaves it: price and special_price overwritten (net amounts), fields of its own added.
const priced = {
  ...source,
  price: 1657.72,
  special_price: 1657.72,
  price_incl_tax: 2039,
  final_price: 1657.72,
  configurable_children: [
    { sku: 'KF-DP-0007-500', price: 1869.11, special_price: null, price_incl_tax: 2299, tax_class_id: 2 },
    { sku: 'KF-DP-0007-600', price: 2031.71, special_price: null, price_incl_tax: 2499, tax_class_id: 2 },
  ],
} as unknown as Product;

test("a priced product's source: its own and its variants' price keys as the document had them (an absent one absent)", () => {
  const prices = new SourcePrices();
  prices.remember(source);
  const rebuilt = prices.sourceOf(priced) as unknown as Record<string, unknown> & { configurable_children: Record<string, unknown>[] };
  expect([rebuilt.price, rebuilt.special_price, rebuilt.special_from_date, rebuilt.name]).toEqual([2299, 2039, '2026-11-24', 'Grzejnik dekoracyjny Lumen']);
  expect(rebuilt.configurable_children.map((child) => [child.sku, child.price, 'special_price' in child ? child.special_price : 'absent'])).toEqual([
    ['KF-DP-0007-500', 2299, null],
    ['KF-DP-0007-600', 2499, 'absent'],
  ]);
  expect(rebuilt).not.toBe(priced); // a copy: the priced product is untouched
  expect(priced.price).toBe(1657.72);
  expect(priced.configurable_children![0].price).toBe(1869.11);
});

test('a forgotten product has no source to rebuild (a bug, said loudly)', () => {
  const prices = new SourcePrices();
  prices.remember(source);
  prices.forget(priced);
  expect(() => prices.sourceOf(priced)).toThrow('no source prices for KF-DP-0007');
});

test('products forgotten and remembered anew (incremental updates) keep each SKU its own prices', () => {
  const prices = new SourcePrices();
  const simple = (sku: string, price: number, special?: number | null) =>
    ({ id: 1, sku, type_id: 'simple', price, ...(special === undefined ? {} : { special_price: special }) }) as unknown as Product;
  const skus = Array.from({ length: 700 }, (_, i) => `KF-ZT-${i}`); // past the first array's 512 slots
  skus.forEach((sku, i) => prices.remember(simple(sku, 100 + i, i % 3 === 0 ? null : i % 3 === 1 ? 90 + i : undefined)));
  for (const sku of skus.slice(0, 300)) prices.forget(simple(sku, 0));
  prices.remember(simple('KF-NEW-1', 4250.5, 3999.99));
  prices.remember(simple('KF-ZT-10', 7, null));
  const at = (sku: string) => prices.sourceOf(simple(sku, 1, 1)) as unknown as Record<string, unknown>;
  expect([at('KF-NEW-1').price, at('KF-NEW-1').special_price]).toEqual([4250.5, 3999.99]);
  expect([at('KF-ZT-10').price, at('KF-ZT-10').special_price]).toEqual([7, null]);
  expect(() => at('KF-ZT-11')).toThrow('no source prices for KF-ZT-11');
  expect([at('KF-ZT-699').price, at('KF-ZT-699').special_price]).toEqual([799, null]);
  expect([at('KF-ZT-697').price, at('KF-ZT-697').special_price]).toEqual([797, 787]);
  expect('special_price' in at('KF-ZT-698')).toBe(false);
});
