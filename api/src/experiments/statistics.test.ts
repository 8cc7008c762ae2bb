import { chiSquareSurvival, compareProportions, normalCdf, normalQuantile, sampleRatioCheck, sampleSizePerVariant } from './statistics';

describe('the normal distribution', () => {
  test.each([
    // Printed tables (and Python's statistics.NormalDist).
    [0, 0.5],
    [1, 0.841344746],
    [1.959963985, 0.975],
    [-1.644853627, 0.05],
    [2.575829304, 0.995],
    [-3.090232306, 0.001],
  ])('Φ(%p) = %p', (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 6);
  });

  test.each([
    [0.975, 1.959963985],
    [0.8, 0.841621234],
    [0.5, 0],
    [0.001, -3.090232306],
    [0.999999, 4.753424309],
  ])('the quantile of %p is %p', (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 6);
  });

  test('a quantile outside (0, 1) is refused', () => {
    expect(() => normalQuantile(1)).toThrow(RangeError);
    expect(() => normalQuantile(0)).toThrow(RangeError);
  });
});

describe('chi-square tail', () => {
  test.each([
    // The critical values of the chi-square table: P(X ≥ x) = 0.05 and 0.01.
    [3.841458821, 1, 0.05],
    [6.634896601, 1, 0.01],
    [5.991464547, 2, 0.05],
    [7.814727903, 3, 0.05],
    [11.07049769, 5, 0.05],
    [0, 1, 1],
    [40, 2, Math.exp(-20)],
  ])('P(χ² ≥ %p | %p df) = %p', (x, degrees, p) => {
    expect(chiSquareSurvival(x, degrees)).toBeCloseTo(p, 7);
  });
});

describe('two-proportion z-test', () => {
  test('200/1000 against 250/1000: z 2.68, p 0.0074, the interval of the difference +1.35 to +8.65 points', () => {
    const result = compareProportions({ successes: 200, trials: 1000 }, { successes: 250, trials: 1000 })!;
    expect(result.difference).toBeCloseTo(0.05, 10);
    expect(result.relative).toBeCloseTo(0.25, 10);
    expect(result.z).toBeCloseTo(2.677398, 5);
    expect(result.pValue).toBeCloseTo(0.0074196, 6);
    expect(result.interval[0]).toBeCloseTo(0.0134636, 6);
    expect(result.interval[1]).toBeCloseTo(0.0865364, 6);
  });

  test.each([
    ['equal rates', { successes: 50, trials: 1000 }, { successes: 50, trials: 1000 }, 0, 1],
    ['the treatment worse: a negative z, the same p as better', { successes: 250, trials: 1000 }, { successes: 200, trials: 1000 }, -2.677398, 0.0074196],
    ['nobody converted anywhere', { successes: 0, trials: 10 }, { successes: 0, trials: 12 }, 0, 1],
  ])('%s', (_name, control, treatment, z, p) => {
    const result = compareProportions(control, treatment)!;
    expect(result.z).toBeCloseTo(z, 5);
    expect(result.pValue).toBeCloseTo(p, 6);
  });

  test('no shopper on a side: no comparison', () => {
    expect(compareProportions({ successes: 0, trials: 0 }, { successes: 3, trials: 10 })).toBeNull();
  });
});

describe('sample-ratio mismatch', () => {
  test.each([
    ['5000 / 5200 at 50/50: χ² 3.92, p 0.048 — not a mismatch', [5000, 5200], [50, 50], 3.921569, 0.0476704, false],
    ['5000 / 5500 at 50/50: a mismatch', [5000, 5500], [50, 50], 23.809524, 0.00000107, true],
    ['900 / 100 at 90/10: exactly as configured', [900, 100], [90, 10], 0, 1, false],
    ['three variants at 1:1:2', [250, 250, 500], [1, 1, 2], 0, 1, false],
  ])('%s', (_name, observed, weights, chiSquare, p, mismatch) => {
    const result = sampleRatioCheck(observed, weights)!;
    expect(result.chiSquare).toBeCloseTo(chiSquare, 5);
    expect(result.pValue).toBeCloseTo(p, 6);
    expect(result.mismatch).toBe(mismatch);
  });

  test.each([
    ['nobody yet', [0, 0], [50, 50]],
    ['one variant', [10], [100]],
    ['a variant weighted 0', [10, 10], [100, 0]],
  ])('%s: no check', (_name, observed, weights) => {
    expect(sampleRatioCheck(observed, weights)).toBeNull();
  });
});

describe('sample size per variant (two-sided α 0.05, power 0.8)', () => {
  test.each([
    // ClinCalc / G*Power (Fleiss without continuity correction): 20 % → 25 % needs 1094 per group.
    [0.2, 0.25, 1094],
    [0.05, 0.1, 31234],
    [0.1, 0.2, 3841],
  ])('baseline %p, relative lift %p: %p shoppers', (baseline, lift, n) => {
    expect(sampleSizePerVariant(baseline, lift)).toBe(n);
  });

  test.each([
    [0, 0.1],
    [0.95, 0.1],
    [0.2, 0],
  ])('baseline %p with lift %p: no answer', (baseline, lift) => {
    expect(sampleSizePerVariant(baseline, lift)).toBeNull();
  });
});
