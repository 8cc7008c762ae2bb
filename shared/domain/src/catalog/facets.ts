/**
 * The catalogue's range facets and delivery buckets (spec §5, §9), one definition for the
 * search engine that counts them and the remote that labels them.
 */
export interface RangeBucket {
  from: number | null;
  to: number | null;
}

/** Price (gross PLN): 0-500, 500-1500, 1500-3000, 3000-5000, 5000 and above (spec §9). */
export const PRICE_RANGES: RangeBucket[] = [
  { from: 0, to: 500 },
  { from: 500, to: 1500 },
  { from: 1500, to: 3000 },
  { from: 3000, to: 5000 },
  { from: 5000, to: null },
];

/** Heat output at 75/65/20 in W: steps of 500 from 0 to 3000 and above (spec §9). */
export const POWER_RANGES: RangeBucket[] = [...[0, 500, 1000, 1500, 2000, 2500].map((from) => ({ from, to: from + 500 })), { from: 3000, to: null }];

/** Width and height in mm, in the steps radiators are sold in. */
export const WIDTH_RANGES: RangeBucket[] = [
  { from: 0, to: 400 },
  { from: 400, to: 600 },
  { from: 600, to: 800 },
  { from: 800, to: 1000 },
  { from: 1000, to: 1400 },
  { from: 1400, to: null },
];
export const HEIGHT_RANGES: RangeBucket[] = [
  { from: 0, to: 400 },
  { from: 400, to: 600 },
  { from: 600, to: 900 },
  { from: 900, to: 1200 },
  { from: 1200, to: 1600 },
  { from: 1600, to: null },
];

/** Range facets by attribute code: buckets are [from, to) like Elasticsearch's range aggregation. */
export const RANGE_FACETS: Record<string, RangeBucket[]> = {
  price: PRICE_RANGES,
  power_75_65_20: POWER_RANGES,
  width: WIDTH_RANGES,
  height: HEIGHT_RANGES,
};

/** "500.0-1500.0", open ends as "*" ("5000.0-*"), as Elasticsearch names range buckets. */
export function rangeKey({ from, to }: RangeBucket): string {
  const end = (value: number | null) => (value === null ? '*' : value.toFixed(1));
  return `${end(from)}-${end(to)}`;
}

/** Parses a range key back; null when it is not one. */
export function parseRangeKey(key: string): RangeBucket | null {
  const match = /^(\*|\d+(?:\.\d+)?)-(\*|\d+(?:\.\d+)?)$/.exec(key);
  if (!match) return null;
  const end = (value: string) => (value === '*' ? null : Number(value));
  return { from: end(match[1]), to: end(match[2]) };
}

export function inRange(value: number, { from, to }: RangeBucket): boolean {
  return (from === null || value >= from) && (to === null || value < to);
}

/**
 * Delivery filter (spec §5): only these buckets, in days, inclusive; 24h is at most one day.
 */
export const DELIVERY_BUCKETS = {
  '24h': { min: 0, max: 1 },
  '7-14': { min: 7, max: 14 },
  '15-30': { min: 15, max: 30 },
  '31-60': { min: 31, max: 60 },
} as const;
export type DeliveryBucket = keyof typeof DELIVERY_BUCKETS;

export function isDeliveryBucket(value: string): value is DeliveryBucket {
  return Object.prototype.hasOwnProperty.call(DELIVERY_BUCKETS, value);
}

/** The bucket a delivery time in days falls in, or null (e.g. 3 days is in none). */
export function deliveryBucketOf(days: number): DeliveryBucket | null {
  for (const [bucket, { min, max }] of Object.entries(DELIVERY_BUCKETS)) {
    if (days >= min && days <= max) return bucket as DeliveryBucket;
  }
  return null;
}
