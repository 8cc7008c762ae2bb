import { CATALOG_QUOTA_BYTES, originNearlyFull, overQuota, purgeOrder, type CachedEntry } from './quota';

const KB = 1024;

describe('overQuota', () => {
  test.each([
    [4096 * KB, CATALOG_QUOTA_BYTES, false], // at the quota: not over
    [4096 * KB + 1, CATALOG_QUOTA_BYTES, true],
    [0, CATALOG_QUOTA_BYTES, false],
    [10, 0, true],
    [undefined, CATALOG_QUOTA_BYTES, false], // estimate() may leave usage out
    [Number.NaN, CATALOG_QUOTA_BYTES, false],
    [10, undefined, false],
    [10, -1, false],
  ])('%s bytes of %s → %s', (usage, quota, expected) => {
    expect(overQuota(usage, quota)).toBe(expected);
  });
});

describe('originNearlyFull (navigator.storage.estimate())', () => {
  test.each([
    [{ usage: 50 * KB * KB, quota: 100 * KB * KB }, false],
    [{ usage: 91 * KB * KB, quota: 100 * KB * KB }, true],
    [{ usage: 90 * KB * KB, quota: 100 * KB * KB }, false],
    [{ usage: 5 * KB * KB }, false],
    [{ quota: 0, usage: 1 }, false],
    [undefined, false],
  ])('%j → %s', (estimate, expected) => {
    expect(originNearlyFull(estimate)).toBe(expected);
  });
});

describe('purgeOrder: the catalogue cache back under its 4096 KB', () => {
  const entry = (url: string, sizeKb: number, storedAt: number): CachedEntry => ({ url, size: sizeKb * KB, storedAt });

  test('within the quota: nothing goes', () => {
    expect(purgeOrder([entry('/a', 2000, 1), entry('/b', 2096, 2)])).toEqual([]);
    expect(purgeOrder([])).toEqual([]);
  });

  test('over: the oldest go first until three quarters of the quota are left', () => {
    const entries = [
      entry('/api/product-view/C', 1000, 3000),
      entry('/api/product-view/A', 1000, 1000),
      entry('/api/cms/page/o-nas', 1000, 4000),
      entry('/api/product-view/B', 1000, 2000),
      entry('/api/advice', 500, 5000),
    ]; // 4500 KB; the target is 3072 KB
    expect(purgeOrder(entries)).toEqual(['/api/product-view/A', '/api/product-view/B']);
  });

  test('one answer larger than the quota goes, even when it is the newest', () => {
    expect(purgeOrder([entry('/old', 10, 1), entry('/huge', 5000, 9)])).toEqual(['/old', '/huge']);
  });

  test('same age: the larger first, then by address (a stable order)', () => {
    const entries = [entry('/b', 1800, 1), entry('/c', 1000, 1), entry('/a', 1800, 1), entry('/d', 1900, 1)];
    expect(purgeOrder(entries)).toEqual(['/d', '/a']);
  });

  test('another quota', () => {
    expect(purgeOrder([entry('/a', 3, 1), entry('/b', 3, 2)], 4 * KB)).toEqual(['/a']);
  });
});
