import { priceFields, priceFieldsFromGross } from './product-price';
import { bundlePrice, bundleSelectionTotal, configurablePrice, customOptionsTotal, groupedPrice } from './composite';
import { round2 } from './money';
import { discountPercent, lowestPriceBefore } from './omnibus';
import { finalPrice } from './special-price';
import { applyTax } from './tax';
import { tierUnitPrice } from './tier-price';

const at = (iso: string) => new Date(iso);

describe('tax (23 % PL)', () => {
  test.each([
    [100, 23, false, { price: 100, price_incl_tax: 123, price_tax: 23 }],
    [123, 23, true, { price: 100, price_incl_tax: 123, price_tax: 23 }],
    [999, 23, true, { price: 812.2, price_incl_tax: 999, price_tax: 186.8 }],
    [1, 23, false, { price: 1, price_incl_tax: 1.23, price_tax: 0.23 }],
    [0, 23, false, { price: 0, price_incl_tax: 0, price_tax: 0 }],
    [100, 8, false, { price: 100, price_incl_tax: 108, price_tax: 8 }],
  ])('source %f at %i %% (source includes tax: %s)', (source, rate, includes, expected) => {
    expect(applyTax(source, rate, includes)).toEqual(expected);
  });
});

describe('special price (spec §4)', () => {
  const promo = { special_price: 800, special_from_date: '2026-11-01', special_to_date: '2026-11-30' };
  test.each([
    ['inside the range', promo, '2026-11-15T12:00:00Z', 800],
    ['on the first day', promo, '2026-11-01T00:00:00Z', 800],
    ['on the last day, late evening', promo, '2026-11-30T23:00:00Z', 800],
    ['the day after', promo, '2026-12-01T00:00:01Z', 1000],
    ['before it starts', promo, '2026-10-31T23:59:59Z', 1000],
    ['no dates: always', { special_price: 800 }, '2030-01-01T00:00:00Z', 800],
    ['only from', { special_price: 800, special_from_date: '2026-12-01' }, '2026-11-15T00:00:00Z', 1000],
    ['higher than regular: ignored', { special_price: 1200 }, '2026-11-15T00:00:00Z', 1000],
    ['equal to regular', { special_price: 1000 }, '2026-11-15T00:00:00Z', 1000],
    ['null', { special_price: null }, '2026-11-15T00:00:00Z', 1000],
    ['zero price is allowed (spec §9)', { special_price: 0 }, '2026-11-15T00:00:00Z', 0],
  ])('%s', (_case, special, when, expected) => {
    expect(finalPrice(1000, special, at(when))).toBe(expected);
  });
});

describe('composite prices (spec §4)', () => {
  test('the cheapest available configurable child sets the parent price', () => {
    expect(
      configurablePrice([
        { finalPrice: 1299, available: true },
        { finalPrice: 899, available: false },
        { finalPrice: 1099, available: true },
      ]),
    ).toBe(1099);
    expect(configurablePrice([{ finalPrice: 899, available: false }])).toBeNull();
  });

  test('bundle = Σ default link price × qty', () => {
    expect(
      bundlePrice([
        {
          links: [
            { price: 1500, qty: 1, isDefault: true },
            { price: 1700, qty: 1, isDefault: false },
          ],
        },
        { links: [{ price: 89.9, qty: 2, isDefault: true }] },
        { links: [{ price: 30, qty: 1, isDefault: false }] },
      ]),
    ).toBeCloseTo(1679.8, 10);
  });

  test('bundle selection counts only options with a product and qty ≥ 0', () => {
    expect(
      bundleSelectionTotal([
        { price: 100, qty: 2 },
        { price: null, qty: 1 },
        { price: 50, qty: null },
        { price: 10, qty: 0 },
        { price: 10, qty: -1 },
      ]),
    ).toBe(200);
  });

  test('grouped = Σ associated simple products at qty 1', () => {
    expect(
      groupedPrice([
        { finalPrice: 59, typeId: 'simple' },
        { finalPrice: 41, typeId: 'simple' },
        { finalPrice: 500, typeId: 'configurable' },
      ]),
    ).toBe(100);
  });

  test.each([
    [[{ price: 150, price_type: 'fixed' as const }], 150],
    [[{ price: 10, price_type: 'percent' as const }], 120],
    [
      [
        { price: 150, price_type: 'fixed' as const },
        { price: 10, price_type: 'percent' as const },
      ],
      270,
    ],
    [[], 0],
  ])('custom options %j on an original price of 1200 add %f', (chosen, added) => {
    expect(customOptionsTotal(1200, chosen)).toBe(added);
  });
});

describe('tier prices (quantity discounts 1–5 %)', () => {
  const tiers = [
    { qty: 2, percent: 1 },
    { qty: 5, percent: 3 },
    { qty: 10, percent: 5 },
  ];
  test.each([
    [1, 1000],
    [2, 990],
    [4, 990],
    [5, 970],
    [9, 970],
    [10, 950],
    [50, 950],
  ])('qty %i → %f each', (qty, unit) => {
    expect(round2(tierUnitPrice(1000, tiers, qty))).toBe(unit);
  });
  test('a fixed tier value lower than the price wins; a higher one does not', () => {
    expect(
      tierUnitPrice(
        100,
        [
          { qty: 3, value: 90 },
          { qty: 3, value: 120 },
        ],
        3,
      ),
    ).toBe(90);
  });
});

describe('Omnibus: lowest price in the 30 days before a reduction', () => {
  const history = [
    { from: '2026-09-01', price: 1199 },
    { from: '2026-10-10', price: 1099 },
    { from: '2026-10-20', price: 1149 },
    { from: '2026-11-15', price: 899 },
  ];
  test.each([
    ['reduction on 15 Nov: window 16 Oct–14 Nov sees 1099 (held until 20 Oct) and 1149', '2026-11-15', 1099],
    ['reduction on 25 Nov: window 26 Oct–24 Nov sees 1149 and the reduced 899', '2026-11-25', 899],
    ['reduction on 1 Oct: only 1199 held', '2026-10-01', 1199],
    ['no history before the reduction', '2026-08-01', null],
  ])('%s', (_case, start, lowest) => {
    expect(lowestPriceBefore(history, new Date(`${start}T00:00:00Z`))).toBe(lowest);
  });

  test.each([
    [1099, 899, 18],
    [1000, 800, 20],
    [800, 900, 0],
    [0, 10, 0],
  ])('badge from %f to %f is -%i %%', (lowest, current, percent) => {
    expect(discountPercent(lowest, current)).toBe(percent);
  });
});

describe('product price fields (spec §3/§4, gross source prices at 23 %)', () => {
  const tax = { rateFor: () => 23, sourcePriceIncludesTax: true };
  const netTax = { rateFor: () => 23, sourcePriceIncludesTax: false };
  const promo = { special_price: 984, special_from_date: '2026-11-01', special_to_date: '2026-11-30' };
  test.each([
    ['regular gross 1230', { price: 1230, tax_class_id: 2 }, tax, '2026-11-15', { final: 1230, finalNet: 1000, original: 1230, special: null }],
    ['inside the promotion', { price: 1230, tax_class_id: 2, ...promo }, tax, '2026-11-15', { final: 984, finalNet: 800, original: 1230, special: 984 }],
    ['after the promotion', { price: 1230, tax_class_id: 2, ...promo }, tax, '2026-12-02', { final: 1230, finalNet: 1000, original: 1230, special: 984 }],
    ['net source 100 → 123', { price: 100, tax_class_id: 2 }, netTax, '2026-11-15', { final: 123, finalNet: 100, original: 123, special: null }],
  ])('%s', (_case, source, settings, when, expected) => {
    const fields = priceFields(source, settings, at(`${when}T12:00:00Z`));
    expect(fields.final_price_incl_tax).toBe(expected.final);
    expect(fields.final_price).toBe(expected.finalNet);
    expect(fields.price_incl_tax).toBe(expected.final);
    expect(fields.original_price_incl_tax).toBe(expected.original);
    expect(fields.special_price_incl_tax).toBe(expected.special);
    expect(round2(fields.final_price + fields.final_price_tax)).toBe(fields.final_price_incl_tax);
  });

  test('a composite price from gross amounts marks a reduction only when lower', () => {
    expect(priceFieldsFromGross(1679.8, 1799, 23)).toMatchObject({
      final_price_incl_tax: 1679.8,
      special_price_incl_tax: 1679.8,
      original_price_incl_tax: 1799,
    });
    expect(priceFieldsFromGross(1799, 1799, 23)).toMatchObject({ final_price_incl_tax: 1799, special_price_incl_tax: null });
  });
});
