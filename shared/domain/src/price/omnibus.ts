import type { PricePoint } from '@kaloryfer/api-contract';

const DAY_MS = 86_400_000;

/**
 * Omnibus (Polish price-information act, art. 4 ust. 2): next to a reduced price show the
 * lowest price that held in the 30 days before the reduction started. Returns null when the
 * history knows nothing of that window.
 */
export function lowestPriceBefore(history: PricePoint[], reductionStart: Date, days = 30): number | null {
  const start = reductionStart.getTime();
  const windowStart = start - days * DAY_MS;
  const sorted = [...history].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  let lowest: number | null = null;
  sorted.forEach((point, index) => {
    const from = Date.parse(point.from);
    const until = index + 1 < sorted.length ? Date.parse(sorted[index + 1].from) : Number.POSITIVE_INFINITY;
    // the point held during [from, until); it counts if that overlaps [windowStart, start)
    if (from < start && until > windowStart) lowest = lowest === null ? point.price : Math.min(lowest, point.price);
  });
  return lowest;
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
