import { experimentReport, type VariantCounts } from './report';

const row = (variant: string, shoppers: number, converted: number, extra: Partial<VariantCounts> = {}): VariantCounts => ({
  variant,
  forced: false,
  crossed: false,
  shoppers,
  converted,
  orders: converted,
  revenueGrosze: converted * 100_000,
  ...extra,
});
const report = (counts: VariantCounts[], weights: Record<string, number> = { a: 50, b: 50 }) =>
  experimentReport({ experiment: 'checkout', control: 'a', weights, counts, lift: 0.25, since: null });

describe('the experiment report', () => {
  test('per variant: shoppers, conversion, revenue per shopper; b against a with the z-test', () => {
    const result = report([row('a', 1000, 200), row('b', 1000, 250, { orders: 260, revenueGrosze: 26_000_000 })]);
    const [a, b] = result.variants;
    expect(a).toMatchObject({
      variant: 'a',
      shoppers: 1000,
      converted: 200,
      orders: 200,
      conversionRate: 0.2,
      revenue: 200_000,
      revenuePerShopper: 200,
      comparison: null,
    });
    expect(b).toMatchObject({ variant: 'b', shoppers: 1000, converted: 250, orders: 260, conversionRate: 0.25, revenue: 260_000, revenuePerShopper: 260 });
    expect(b.comparison!.pValue).toBeCloseTo(0.0074196, 6);
    expect(b.comparison!.significant).toBe(true);
    expect(result.sampleRatio).toMatchObject({ chiSquare: 0, mismatch: false });
    // 1094 per variant detect +25 % on 20 %: 94 more in each.
    expect(result.power).toEqual({ lift: 0.25, perVariant: 1094, more: 188 });
  });

  test('QA and shoppers who met both variants are left out and counted apart', () => {
    const result = report([row('a', 100, 10), row('a', 7, 7, { forced: true }), row('b', 3, 1, { crossed: true }), row('b', 100, 12)]);
    expect(result.variants.map((variant) => variant.shoppers)).toEqual([100, 100]);
    expect(result.excluded).toEqual({ forced: 7, crossed: 3 });
  });

  test('a split far from the weights is a sample-ratio mismatch', () => {
    expect(report([row('a', 5000, 500), row('b', 5500, 550)]).sampleRatio!.mismatch).toBe(true);
    expect(report([row('a', 9000, 900), row('b', 1000, 100)], { a: 90, b: 10 }).sampleRatio!.mismatch).toBe(false);
  });

  test('nobody exposed yet: every variant listed, nothing compared', () => {
    const result = report([]);
    expect(result.variants.map((variant) => [variant.variant, variant.shoppers, variant.conversionRate, variant.comparison])).toEqual([
      ['a', 0, null, null],
      ['b', 0, null, null],
    ]);
    expect(result.sampleRatio).toBeNull();
    expect(result.power).toBeNull();
  });

  test('an ended variant (weight 0) is still reported, but not in the split check', () => {
    const result = report([row('a', 100, 10), row('b', 100, 10), row('c', 40, 4)], { a: 50, b: 50, c: 0 });
    expect(result.variants.map((variant) => variant.variant)).toEqual(['a', 'b', 'c']);
    expect(result.sampleRatio!.chiSquare).toBe(0);
  });
});
