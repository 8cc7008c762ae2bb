import { PriceHistory } from './price-history';

const row = (sku: string, valid_from: string, price_incl_tax: number) => ({ sku, valid_from, price_incl_tax });

describe('PriceHistory: the timelines of a full load, packed', () => {
  const history = new PriceHistory([
    row('KF-A', '2026-10-01', 1299),
    row('KF-A', '2026-10-20', 1149.99),
    row('KF-A', '2026-11-05', 1199),
    row('KF-B', '2026-10-20', 89.9),
    row('KF-C', '2026-11-05', 4250),
  ]);

  test.each([
    [
      'KF-A',
      [
        { from: '2026-10-01', price: 1299 },
        { from: '2026-10-20', price: 1149.99 },
        { from: '2026-11-05', price: 1199 },
      ],
    ],
    ['KF-B', [{ from: '2026-10-20', price: 89.9 }]],
    ['KF-C', [{ from: '2026-11-05', price: 4250 }]],
    ['KF-NONE', undefined],
  ])('%s → its points, oldest first', (sku, points) => {
    expect(history.get(sku)).toEqual(points);
  });

  test('a new list each time: a caller sorting or changing it does not change the history', () => {
    const first = history.get('KF-A')!;
    first.reverse().push({ from: '2027-01-01', price: 1 });
    expect(history.get('KF-A')).toHaveLength(3);
    expect(history.get('KF-A')![0].from).toBe('2026-10-01');
  });

  test('an update sets a timeline and removes one; the packed points of other SKUs stay', () => {
    const updated = new PriceHistory([row('KF-A', '2026-10-01', 1299), row('KF-B', '2026-10-20', 89.9)]);
    updated.set('KF-A', [
      { from: '2026-10-01', price: 1299 },
      { from: '2026-11-27', price: 999 },
    ]);
    updated.set('KF-NEW', [{ from: '2026-11-27', price: 10 }]);
    updated.delete('KF-B');
    updated.delete('KF-NEVER');
    expect(updated.get('KF-A')).toEqual([
      { from: '2026-10-01', price: 1299 },
      { from: '2026-11-27', price: 999 },
    ]);
    expect(updated.get('KF-NEW')).toEqual([{ from: '2026-11-27', price: 10 }]);
    expect(updated.get('KF-B')).toBeUndefined();
    expect(updated.get('KF-NEVER')).toBeUndefined();
    updated.set('KF-B', [{ from: '2026-11-28', price: 79 }]);
    expect(updated.get('KF-B')).toEqual([{ from: '2026-11-28', price: 79 }]);
  });

  test('rows not grouped by SKU are refused (the load orders them by SKU, then date)', () => {
    expect(() => new PriceHistory([row('KF-A', '2026-10-01', 1), row('KF-B', '2026-10-01', 2), row('KF-A', '2026-10-02', 3)])).toThrow(
      /not grouped by SKU \(KF-A\)/,
    );
  });
});
