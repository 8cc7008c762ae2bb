import { ALL_GROUPS } from '@kaloryfer/domain';
import type { CustomOptionValue, Product } from '@kaloryfer/api-contract';
import { checkStock, priceSingle, unitPrice } from './price-and-stock';
import { child, product, stock } from './testing/products';
import { MESSAGES, type StockTaken } from './step';

const fixed = (price: number): CustomOptionValue => ({ option_type_id: 1, title: 'fixed', price, price_type: 'fixed', sort_order: 1 });
const percent = (price: number): CustomOptionValue => ({ option_type_id: 2, title: 'percent', price, price_type: 'percent', sort_order: 2 });

describe('priceSingle: a line of one SKU at its tier price for the customer group', () => {
  const tiered = product({
    weight: 2.5,
    tier_prices: [
      { customer_group_id: ALL_GROUPS, qty: 5, percentage_value: 10 },
      { customer_group_id: 2, qty: 2, percentage_value: 20 },
    ],
  });
  test.each<[number, number, number]>([
    [0, 1, 100],
    [0, 4, 100],
    [0, 5, 90],
    [2, 2, 80],
    [2, 5, 80],
    [1, 2, 100],
  ])('group %p, qty %p → %p', (groupId, qty, unit) => {
    expect(priceSingle({ product: tiered, child: null, source: tiered }, groupId, qty)).toEqual({
      ok: true,
      unit,
      stock: [{ sku: 'X', qty, info: tiered.stock }],
      weight: 2.5,
      labels: [],
      bundleOptions: [],
    });
  });

  test("a variant's own price, stock and weight with the configurable's tiers; no price is -1 (unknown)", () => {
    const variant = child('V', {}, { final_price_incl_tax: 200, weight: 7 });
    const parent = product({ type_id: 'configurable', tier_prices: [{ customer_group_id: ALL_GROUPS, qty: 2, percentage_value: 50 }] });
    expect(priceSingle({ product: parent, child: variant, source: variant as unknown as Product }, 0, 2)).toMatchObject({
      unit: 100,
      stock: [{ sku: 'V', qty: 2 }],
      weight: 7,
    });
    const unpriced = product({ final_price_incl_tax: undefined });
    expect(priceSingle({ product: unpriced, child: null, source: unpriced }, 0, 1)).toMatchObject({ unit: -1, weight: 0 });
  });
});

describe("unitPrice: the SKUs' price plus custom option adders, in cents", () => {
  test.each<[string, number, CustomOptionValue[], Partial<Product>, number | string]>([
    ['no adders', 100, [], {}, 100],
    ['a fixed adder', 100, [fixed(5)], {}, 105],
    [
      'a percent adder of the original price, not the final one',
      80,
      [fixed(5), percent(10)],
      { original_price_incl_tax: 200, final_price_incl_tax: 80 },
      80 + 5 + 20,
    ],
    [
      'a percent adder of the final price when there is no original one',
      80,
      [percent(10)],
      { original_price_incl_tax: undefined, final_price_incl_tax: 80 },
      88,
    ],
    ['rounded to cents', 33.333, [], {}, 33.33],
    ['rounded half up', 1.005, [], {}, 1.01],
    ['free', 0, [], {}, 0],
    ['no price', -1, [], {}, MESSAGES.priceUnknown],
    ['not a number', Number.NaN, [fixed(5)], {}, MESSAGES.priceUnknown],
  ])('%s', (_name, skus, adders, prices, expected) => {
    const unit = unitPrice(skus, adders, product(prices));
    expect(unit.ok ? unit.unit : unit.message).toBe(expected);
  });
});

describe('checkStock: every SKU the line takes, in the order taken', () => {
  const taken = (sku: string, qty: number, overrides: Parameters<typeof stock>[0] = {}): StockTaken[number] => ({ sku, qty, info: stock(overrides) });
  test.each<[string, StockTaken, string | null]>([
    ['enough', [taken('A', 10), taken('B', 1, { qty: 1 })], null],
    ['out of stock', [taken('A', 1, { is_in_stock: false })], MESSAGES.outOfStock],
    ['more than counted', [taken('A', 11)], 'Only 10 products of this type are available'],
    ['more than one sale allows', [taken('A', 3, { max_sale_qty: 2 })], 'Only 2 products of this type are available'],
    ['volatile stock is a pre-reservation', [taken('A', 50, { is_volatile: true })], null],
    ['uncounted stock', [taken('A', 50, { manage_stock: false })], null],
    ['the first SKU short is told', [taken('A', 11), taken('B', 1, { is_in_stock: false })], 'Only 10 products of this type are available'],
  ])('%s', (_name, stockTaken, expected) => {
    expect(checkStock(stockTaken)?.message ?? null).toBe(expected);
  });
});
