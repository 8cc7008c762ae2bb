/**
 * Fixed-bucket histograms for the signals of a build (docs/releasing.md, "Signals"): a minute's
 * render times or web vitals kept as counts per bucket, so minutes and instances add up by
 * summing counts and a percentile is read from the sum. Bucket bounds are upper bounds; the
 * last bucket is everything above. A percentile is the upper bound of the bucket it falls in
 * (never optimistic), the exact value within the bucket being unknown.
 */
export const BUCKETS = {
  /** A region's server render, milliseconds. */
  renderMs: [5, 10, 25, 50, 100, 150, 250, 500, 1000, 2500],
  /** Largest Contentful Paint and Interaction to Next Paint, milliseconds (good ≤ 2500 / ≤ 200). */
  lcpMs: [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10000],
  inpMs: [50, 100, 150, 200, 300, 500, 750, 1000, 2000],
  /** Cumulative Layout Shift, unitless (good ≤ 0.1). */
  cls: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
} as const;

export type HistogramKind = keyof typeof BUCKETS;
/** Counts per bucket: one more than the bounds (the overflow bucket). */
export type Counts = number[];

export const emptyCounts = (kind: HistogramKind): Counts => new Array<number>(BUCKETS[kind].length + 1).fill(0);

export function observe(counts: Counts, kind: HistogramKind, value: number): void {
  const bounds = BUCKETS[kind];
  let index = bounds.findIndex((bound) => value <= bound);
  if (index === -1) index = bounds.length;
  counts[index] += 1;
}

export function addCounts(into: Counts, from: readonly number[]): void {
  for (let i = 0; i < into.length && i < from.length; i += 1) into[i] += from[i];
}

export const total = (counts: readonly number[]): number => counts.reduce((sum, count) => sum + count, 0);

/**
 * The q-quantile (0 < q ≤ 1) of a histogram: the upper bound of the bucket holding it; the
 * overflow bucket answers Infinity. Null without observations.
 */
export function quantile(counts: readonly number[], kind: HistogramKind, q: number): number | null {
  const n = total(counts);
  if (n === 0) return null;
  const rank = Math.ceil(q * n);
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    seen += counts[i];
    if (seen >= rank) return i < BUCKETS[kind].length ? BUCKETS[kind][i] : Infinity;
  }
  return Infinity;
}

/** A stored histogram (JSON) read back: a malformed or differently sized one counts as empty. */
export function parseCounts(text: string | null | undefined, kind: HistogramKind): Counts {
  const counts = emptyCounts(kind);
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown;
    if (Array.isArray(parsed) && parsed.length === counts.length && parsed.every((value) => Number.isInteger(value) && value >= 0)) return parsed as number[];
  } catch {
    // an empty histogram
  }
  return counts;
}
