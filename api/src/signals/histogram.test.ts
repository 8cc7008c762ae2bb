import { addCounts, emptyCounts, observe, parseCounts, quantile, total } from './histogram';

describe('signal histograms', () => {
  test('values land in the first bucket whose bound holds them; above the last, the overflow', () => {
    const counts = emptyCounts('renderMs');
    for (const value of [1, 5, 6, 250, 251, 9999]) observe(counts, 'renderMs', value);
    expect(counts).toEqual([2, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1]);
    expect(total(counts)).toBe(6);
  });

  test.each([
    // 100 renders: 50 at ≤ 25 ms, 45 at ≤ 100 ms, 5 at ≤ 500 ms.
    [0.5, 25],
    [0.51, 100],
    [0.95, 100],
    [0.96, 500],
    [1, 500],
  ])('quantile %p of 50/45/5 is %p ms (the bucket holding it)', (q, expected) => {
    const counts = emptyCounts('renderMs');
    counts[2] = 50;
    counts[4] = 45;
    counts[7] = 5;
    expect(quantile(counts, 'renderMs', q)).toBe(expected);
  });

  test('nothing observed: no quantile; everything in the overflow: Infinity', () => {
    expect(quantile(emptyCounts('lcpMs'), 'lcpMs', 0.75)).toBeNull();
    const slow = emptyCounts('lcpMs');
    observe(slow, 'lcpMs', 60_000);
    expect(quantile(slow, 'lcpMs', 0.75)).toBe(Infinity);
  });

  test('minutes and instances add up by counts; a stored one that is not a histogram is empty', () => {
    const a = emptyCounts('cls');
    observe(a, 'cls', 0.02);
    const b = parseCounts(JSON.stringify(a), 'cls');
    addCounts(b, a);
    expect(b[1]).toBe(2);
    expect(parseCounts('[1,2]', 'cls')).toEqual(emptyCounts('cls'));
    expect(parseCounts('not json', 'cls')).toEqual(emptyCounts('cls'));
    expect(parseCounts(JSON.stringify(emptyCounts('cls').map(() => -1)), 'cls')).toEqual(emptyCounts('cls'));
  });
});
