import type { PricePoint } from '@kaloryfer/api-contract';

import { momentOf } from './moment';

const DAY_MS = 86_400_000;

/** The Omnibus window: at least the 30 days before a reduction (art. 4 ust. 2; Commission guidance 2021/C 526/02, 1.3). */
export const OMNIBUS_DAYS = 30;

/**
 * Omnibus (Polish price-information act, art. 4 ust. 2): next to a reduced price show the
 * lowest price **applied** in the 30 days before the reduction started — every price the shop
 * charged in that window counts, however briefly (a price cut at 09:00 and a promotion at 09:30
 * the same day: the cut's price counts). A point is a price from a moment on (`from`: an ISO
 * moment, or a day meaning its midnight UTC) until the next point. Returns null when the history
 * knows nothing of that window.
 */
export function lowestPriceBefore(history: PricePoint[], reductionStart: Date, days = OMNIBUS_DAYS): number | null {
  const start = reductionStart.getTime();
  const windowStart = start - days * DAY_MS;
  const timeline = history.map((point) => ({ at: momentOf(point.from), price: point.price })).sort((a, b) => a.at - b.at);
  let lowest: number | null = null;
  timeline.forEach((point, index) => {
    const until = index + 1 < timeline.length ? timeline[index + 1].at : Number.POSITIVE_INFINITY;
    // the point held during [at, until); it counts if that overlaps [windowStart, start) by any time at all
    if (point.at < start && until > windowStart && until > point.at) lowest = lowest === null ? point.price : Math.min(lowest, point.price);
  });
  return lowest;
}

/**
 * A timeline without the points no question can reach any more: every reduction a shopper can
 * still be shown starts at or after `earliestStart` (now, or a running campaign's first day —
 * progressive reductions keep their first step's prior price), so its window begins no earlier
 * than 30 days before it. A point that ended before that is dropped; the one that held into the
 * window stays. `lowestPriceBefore` answers the same for every start ≥ `earliestStart`.
 */
export function compactTimeline(history: PricePoint[], earliestStart: Date, days = OMNIBUS_DAYS): PricePoint[] {
  const keepFrom = earliestStart.getTime() - days * DAY_MS;
  const timeline = [...history].sort((a, b) => momentOf(a.from) - momentOf(b.from));
  return timeline.filter((_point, index) => index + 1 >= timeline.length || momentOf(timeline[index + 1].from) > keepFrom);
}

/** The "-20%" badge, computed against the Omnibus lowest price (rounded down to a whole percent). */
export function discountPercent(lowest: number, current: number): number {
  if (lowest <= 0 || current >= lowest) return 0;
  return Math.floor(((lowest - current) / lowest) * 100);
}

/** The gross prices a reduction is read from: what the shopper pays now and the regular price. */
export interface ShownPrices {
  final_price_incl_tax?: number;
  original_price_incl_tax?: number;
}

/**
 * The shop's one rule for "on sale": the price paid now is below the regular price. The listing's
 * `sale` facet and filter (API), the tile's and the product page's crossed price all ask this,
 * so a product the filter finds always shows its reduction (and its Omnibus line).
 */
export function isReduced(prices: ShownPrices): boolean {
  return (
    prices.final_price_incl_tax !== undefined && prices.original_price_incl_tax !== undefined && prices.final_price_incl_tax < prices.original_price_incl_tax
  );
}
