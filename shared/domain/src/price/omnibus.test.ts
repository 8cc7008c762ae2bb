import type { PricePoint } from '@kaloryfer/api-contract';
import fc from 'fast-check';
import { momentOf } from './moment';
import { compactTimeline, lowestPriceBefore } from './omnibus';

/**
 * The Omnibus prior price to the minute (issue #49; Commission guidance 2021/C 526/02, 1.3:
 * "the lowest price applied … during a period of not less than 30 days prior to the
 * application of the price reduction"). Each case is a shop's price timeline — every price it
 * charged and from when — and the moment the reduction the page shows started.
 */
const point = (from: string, price: number): PricePoint => ({ from, price });

describe('the lowest price applied in the 30 days before a reduction', () => {
  test.each<[string, PricePoint[], string, number | null]>([
    ['guidance: a price held for 30 days and more, then reduced — the price before', [point('2026-09-01', 100), point('2026-11-01', 80)], '2026-11-01', 100],
    [
      'guidance: an earlier promotion inside the 30 days counts — 80 from 15 to 20 Oct',
      [point('2026-09-01', 100), point('2026-10-15', 80), point('2026-10-21', 100), point('2026-11-01', 90)],
      '2026-11-01',
      80,
    ],
    [
      'a cut 1 299 → 1 199 at 09:00, a promotion at 999 from 09:30 the same day: 1 199 was charged',
      [point('2026-10-01', 1299), point('2026-12-02T09:00:00.000Z', 1199), point('2026-12-02T09:30:00.000Z', 999)],
      '2026-12-02T09:30:00.000Z',
      1199,
    ],
    [
      'the same day read as a day (midnight) would have missed it: the reduction starts when it applied, not at its day',
      [point('2026-10-01', 1299), point('2026-12-02T09:00:00.000Z', 1199), point('2026-12-02T09:30:00.000Z', 999)],
      '2026-12-02',
      1299,
    ],
    [
      'a promotion that starts in the future: the prices up to its first day count, a cut meanwhile too',
      [point('2026-10-01', 1299), point('2026-12-05T10:00:00.000Z', 1249), point('2026-12-20', 999)],
      '2026-12-20',
      1249,
    ],
    [
      'a promotion that ended on 10 Nov and restarts on 20 Nov: its own earlier price is the prior price',
      [point('2026-09-01', 1000), point('2026-11-01', 800), point('2026-11-11', 1000), point('2026-11-20', 800)],
      '2026-11-20',
      800,
    ],
    [
      'progressive reductions 900 → 800 → 700: the campaign’s first day holds the prior price of every step',
      [point('2026-09-01', 1000), point('2026-11-01', 900), point('2026-11-08', 800), point('2026-11-15', 700)],
      '2026-11-01',
      1000,
    ],
    [
      'a price raised then cut the same hour: the price before the rise was applied within the 30 days',
      [point('2026-09-01', 1000), point('2026-12-02T10:00:00.000Z', 1200), point('2026-12-02T10:40:00.000Z', 1100)],
      '2026-12-02T10:40:00.000Z',
      1000,
    ],
    [
      'a price charged for one minute counts',
      [point('2026-09-01', 1000), point('2026-12-02T09:00:00.000Z', 950), point('2026-12-02T09:01:00.000Z', 1000), point('2026-12-02T12:00:00.000Z', 900)],
      '2026-12-02T12:00:00.000Z',
      950,
    ],
    [
      'a price that ended exactly when the window opens does not count; one that held a minute into it does',
      [point('2026-10-01', 500), point('2026-11-02T00:00:00.000Z', 1000), point('2026-11-02T00:01:00.000Z', 1100), point('2026-12-02', 900)],
      '2026-12-02',
      1000,
    ],
    ['Magento-style moments are UTC, as days are', [point('2026-09-01 00:00:00', 700), point('2026-11-01 00:00:00', 600)], '2026-11-01 00:00:00', 700],
    ['no history before the reduction', [point('2026-12-02', 900)], '2026-12-02', null],
  ])('%s', (_case, history, start, lowest) => {
    expect(lowestPriceBefore(history, new Date(momentOf(start)))).toBe(lowest);
    // The order points are stored in does not matter.
    expect(lowestPriceBefore([...history].reverse(), new Date(momentOf(start)))).toBe(lowest);
  });
});

describe('a compacted timeline answers every question that can still be asked the same', () => {
  test('points that ended before the earliest window are dropped, the one holding into it stays', () => {
    const history = [point('2026-01-01', 1000), point('2026-05-01', 900), point('2026-10-15', 950), point('2026-11-20', 800)];
    expect(compactTimeline(history, new Date('2026-12-02T00:00:00Z'))).toEqual([point('2026-10-15', 950), point('2026-11-20', 800)]);
  });

  test('for random timelines and every reduction start at or after the earliest one', () => {
    const day = 86_400_000;
    const base = Date.parse('2026-06-01T00:00:00Z');
    const timeline = fc
      .uniqueArray(fc.record({ offset: fc.integer({ min: 0, max: 200 * 24 * 60 }), price: fc.integer({ min: 1, max: 5000 }) }), {
        selector: (entry) => entry.offset,
        minLength: 1,
        maxLength: 30,
      })
      .map((entries) => entries.map((entry) => point(new Date(base + entry.offset * 60_000).toISOString(), entry.price)));
    fc.assert(
      fc.property(
        timeline,
        fc.integer({ min: 0, max: 200 * 24 }),
        fc.array(fc.integer({ min: 0, max: 90 * 24 * 60 }), { maxLength: 8 }),
        (history, earliestHour, laterMinutes) => {
          const earliest = new Date(base + earliestHour * 3_600_000);
          const compacted = compactTimeline(history, earliest);
          expect(compacted.length).toBeLessThanOrEqual(history.length);
          for (const minutes of [0, ...laterMinutes]) {
            const start = new Date(earliest.getTime() + minutes * 60_000);
            expect(lowestPriceBefore(compacted, start)).toBe(lowestPriceBefore(history, start));
          }
          // Nothing is kept that a window cannot reach (but the point holding into the earliest window).
          expect(compacted.slice(1).every((kept) => momentOf(kept.from) > earliest.getTime() - 30 * day)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
