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
