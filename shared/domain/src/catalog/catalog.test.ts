import { deliveryBucketOf, inRange, isDeliveryBucket, parseRangeKey, POWER_RANGES, PRICE_RANGES, rangeKey } from './facets';
import { isChildSelectable, isListed, isViewable } from './listing';
import { foldText, tokenize } from './text';

describe('Polish folding', () => {
  test.each([
    ['Łazienkowy', 'lazienkowy'],
    ['ZAWÓR', 'zawor'],
    ['żółć gęślą jaźń', 'zolc gesla jazn'],
    ['Grzałka ŁĄCZNIK', 'grzalka lacznik'],
    ['already plain', 'already plain'],
  ])('%s → %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  test('tokens split on punctuation; sizes also give their numbers', () => {
    expect(tokenize('Grzejnik Typ-22 600x1000, ½″ V50')).toEqual(['grzejnik', 'typ', '22', '600x1000', '600', '1000', 'v50']);
  });
});

describe('range buckets (spec §9)', () => {
  test('price buckets are named like Elasticsearch, the last open-ended', () => {
    expect(PRICE_RANGES.map(rangeKey)).toEqual(['0.0-500.0', '500.0-1500.0', '1500.0-3000.0', '3000.0-5000.0', '5000.0-*']);
  });
  test('power goes in steps of 500 W up to 3000 and above', () => {
    expect(POWER_RANGES.map(rangeKey)).toEqual(['0.0-500.0', '500.0-1000.0', '1000.0-1500.0', '1500.0-2000.0', '2000.0-2500.0', '2500.0-3000.0', '3000.0-*']);
  });
  test.each([
    [499.99, '0.0-500.0'],
    [500, '500.0-1500.0'],
    [1499.99, '500.0-1500.0'],
    [5000, '5000.0-*'],
    [0, '0.0-500.0'],
  ])('%f falls in %s ([from, to))', (value, key) => {
    expect(PRICE_RANGES.filter((bucket) => inRange(value, bucket)).map(rangeKey)).toEqual([key]);
  });
  test('keys parse back', () => {
    expect(parseRangeKey('500.0-1500.0')).toEqual({ from: 500, to: 1500 });
    expect(parseRangeKey('5000.0-*')).toEqual({ from: 5000, to: null });
    expect(parseRangeKey('cheap')).toBeNull();
  });
});

describe('delivery buckets (spec §5: 24h ≤ 1 day, 7-14, 15-30, 31-60 inclusive)', () => {
  test.each([
    [0, '24h'],
    [1, '24h'],
    [2, null],
    [6, null],
    [7, '7-14'],
    [14, '7-14'],
    [15, '15-30'],
    [30, '15-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, null],
  ])('%i days → %s', (days, bucket) => {
    expect(deliveryBucketOf(days)).toBe(bucket);
  });
  test.each([
    ['24h', true],
    ['7-14', true],
    ['1-6', false],
    ['48h', false],
    ['toString', false],
  ])('%s is a bucket: %s', (value, ok) => {
    expect(isDeliveryBucket(value)).toBe(ok);
  });
});

describe('listing rules (spec §5)', () => {
  const inStock = { is_in_stock: true };
  const outOfStock = { is_in_stock: false };
  test.each([
    [{ status: 1, visibility: 4, stock: inStock }, false, true],
    [{ status: 0, visibility: 2, stock: inStock }, false, true],
    [{ status: 1, visibility: 3, stock: inStock }, false, true],
    [{ status: 1, visibility: 1, stock: inStock }, false, false],
    [{ status: 2, visibility: 4, stock: inStock }, false, false],
    [{ status: 1, visibility: 4, stock: outOfStock }, false, false],
    [{ status: 1, visibility: 4, stock: outOfStock }, true, true],
    [{ status: 1, visibility: 4, stock: null }, false, false],
  ])('%j with out-of-stock listing %s → listed %s', (product, showOutOfStock, listed) => {
    expect(isListed(product, showOutOfStock)).toBe(listed);
  });
  test.each([
    [{ status: 1, visibility: 4 }, true],
    [{ status: 0, visibility: 2 }, true],
    [{ status: 2, visibility: 4 }, false],
    [{ status: 3, visibility: 4 }, false],
    [{ status: 1, visibility: 1 }, false],
  ])('product page for %j: %s', (product, viewable) => {
    expect(isViewable(product)).toBe(viewable);
  });
  test.each([
    [{ status: 1, stock: inStock }, false, true],
    [{ status: 2, stock: inStock }, false, false],
    [{ status: 1, stock: outOfStock }, false, false],
    [{ status: 1, stock: outOfStock }, true, true],
  ])('child %j (out-of-stock listing %s) selectable: %s', (child, showOutOfStock, selectable) => {
    expect(isChildSelectable(child, showOutOfStock)).toBe(selectable);
  });
});
