import { HEIGHT_RANGES, isDeliveryBucket, POWER_RANGES, PRICE_RANGES, WIDTH_RANGES, type DeliveryBucket, type RangeBucket } from '@kaloryfer/domain';

/**
 * A category listing's filters live in the route query (spec §2): `sale`, `rightAway`, `new`
 * (true), `query` (free text), `delivery` (24h, 7-14, 15-30, 31-60), `width`, `height` — and
 * beside them the attribute facets (option ids, comma-separated), the price and power ranges,
 * and the sort. One reader and one writer, so a shared link, the back button and the filter
 * panel always agree. A range filter takes a bucket (`width=600-800`) or one value
 * (`width=500`). Values the shop does not know are dropped, never an error.
 */
export const ATTRIBUTE_FILTERS = ['color', 'manufacturer', 'heater_type', 'material', 'mount', 'connection_width'] as const;
export type AttributeFilter = (typeof ATTRIBUTE_FILTERS)[number];

/** Range filters by their name in the URL, with the catalogue field and buckets (spec §9). */
export const RANGE_FILTERS = {
  price: { field: 'price', buckets: PRICE_RANGES },
  power: { field: 'power_75_65_20', buckets: POWER_RANGES },
  width: { field: 'width', buckets: WIDTH_RANGES },
  height: { field: 'height', buckets: HEIGHT_RANGES },
} as const satisfies Record<string, { field: string; buckets: RangeBucket[] }>;
export type RangeFilter = keyof typeof RANGE_FILTERS;
export const RANGE_FILTER_NAMES = Object.keys(RANGE_FILTERS) as RangeFilter[];

/** Spec §9 sort options; the first is the default (view_count descending). */
export const SORT_OPTIONS = [
  { id: 'view_count:desc', label: 'sort.mostViewed' },
  { id: 'id:desc', label: 'sort.latest' },
  { id: 'price:asc', label: 'sort.priceAsc' },
  { id: 'price:desc', label: 'sort.priceDesc' },
  // Beyond §9: strongest first at the shopper's temperatures (the API's heat_output with heatAt).
  { id: 'heat_output:desc', label: 'sort.outputDesc' },
] as const;
export type SortId = (typeof SORT_OPTIONS)[number]['id'];
export const DEFAULT_SORT: SortId = 'view_count:desc';

export interface ListingFilters {
  sale: boolean;
  rightAway: boolean;
  new: boolean;
  query: string;
  delivery: DeliveryBucket | null;
  ranges: Partial<Record<RangeFilter, RangeBucket>>;
  attributes: Partial<Record<AttributeFilter, number[]>>;
  /** At least this many watts at the shopper's temperatures (`output=960`). */
  output: number | null;
  sort: SortId;
}

export const NO_FILTERS: ListingFilters = {
  sale: false,
  rightAway: false,
  new: false,
  query: '',
  delivery: null,
  ranges: {},
  attributes: {},
  output: null,
  sort: DEFAULT_SORT,
};

/** One value rather than a span (`?width=500`: exactly 500 mm): `from` and `to` the same. */
export const isExactValue = ({ from, to }: RangeBucket) => from !== null && from === to;

/** "500-1500", open ends empty ("5000-"), one value alone ("500"): short and readable in a shared link. */
export function rangeParam(bucket: RangeBucket): string {
  return isExactValue(bucket) ? String(bucket.from) : `${bucket.from ?? ''}-${bucket.to ?? ''}`;
}

const EXACT_VALUE = /^\d{1,6}$/;

/** A range filter's value in the URL: one of the §9 buckets, or one exact value; anything else is dropped. */
function rangeOf(name: RangeFilter, value: string | null): RangeBucket | undefined {
  if (value === null) return undefined;
  if (EXACT_VALUE.test(value)) return { from: Number(value), to: Number(value) };
  return RANGE_FILTERS[name].buckets.find((candidate) => rangeParam(candidate) === value);
}

const MAX_QUERY_LENGTH = 200;
const MAX_OUTPUT = 20000;
const MAX_OPTIONS = 30;

export function parseListingQuery(search: string): ListingFilters {
  const params = new URLSearchParams(search);
  const flag = (name: string) => params.get(name) === 'true';
  const ranges: ListingFilters['ranges'] = {};
  for (const name of RANGE_FILTER_NAMES) {
    const bucket = rangeOf(name, params.get(name));
    if (bucket) ranges[name] = bucket;
  }
  const attributes: ListingFilters['attributes'] = {};
  for (const code of ATTRIBUTE_FILTERS) {
    const ids = (params.get(code) ?? '')
      .split(',')
      .filter((id) => /^\d{1,9}$/.test(id))
      .map(Number);
    const unique = [...new Set(ids)].slice(0, MAX_OPTIONS).sort((a, b) => a - b);
    if (unique.length > 0) attributes[code] = unique;
  }
  const delivery = params.get('delivery');
  const sort = SORT_OPTIONS.find((option) => option.id === params.get('sort'))?.id ?? DEFAULT_SORT;
  const output = /^\d{1,5}$/.test(params.get('output') ?? '') ? Number(params.get('output')) : 0;
  return {
    sale: flag('sale'),
    rightAway: flag('rightAway'),
    new: flag('new'),
    query: (params.get('query') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    delivery: delivery !== null && isDeliveryBucket(delivery) ? delivery : null,
    ranges,
    attributes,
    output: output > 0 && output <= MAX_OUTPUT ? output : null,
    sort,
  };
}

/** The canonical query string (leading "?", or "" with no filters): same filters, same URL. */
export function listingQueryString(filters: ListingFilters): string {
  const params = new URLSearchParams();
  if (filters.sale) params.set('sale', 'true');
  if (filters.rightAway) params.set('rightAway', 'true');
  if (filters.new) params.set('new', 'true');
  if (filters.query) params.set('query', filters.query);
  if (filters.delivery) params.set('delivery', filters.delivery);
  for (const name of RANGE_FILTER_NAMES) {
    const bucket = filters.ranges[name];
    if (bucket) params.set(name, rangeParam(bucket));
  }
  for (const code of ATTRIBUTE_FILTERS) {
    const ids = filters.attributes[code];
    if (ids && ids.length > 0) params.set(code, [...ids].sort((a, b) => a - b).join(','));
  }
  if (filters.output !== null) params.set('output', String(filters.output));
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  const query = params.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
  return query ? `?${query}` : '';
}

/** How many filters narrow the listing (the mobile "Filters (3)" button); sort is not one. */
export function activeFilterCount(filters: ListingFilters): number {
  return (
    [filters.sale, filters.rightAway, filters.new, filters.query !== '', filters.delivery !== null, filters.output !== null].filter(Boolean).length +
    Object.keys(filters.ranges).length +
    Object.values(filters.attributes).reduce((sum, ids) => sum + (ids?.length ?? 0), 0)
  );
}

export function toggleOption(filters: ListingFilters, code: AttributeFilter, id: number): ListingFilters {
  const current = filters.attributes[code] ?? [];
  const next = current.includes(id) ? current.filter((value) => value !== id) : [...current, id];
  const attributes = { ...filters.attributes };
  if (next.length > 0) attributes[code] = next;
  else delete attributes[code];
  return { ...filters, attributes };
}

/** A range is one choice: choosing the chosen bucket again clears it. */
export function toggleRange(filters: ListingFilters, name: RangeFilter, bucket: RangeBucket): ListingFilters {
  const ranges = { ...filters.ranges };
  if (ranges[name] && rangeParam(ranges[name]!) === rangeParam(bucket)) delete ranges[name];
  else ranges[name] = bucket;
  return { ...filters, ranges };
}

/** Whether the listing depends on the shopper's temperatures (output filter or output sort). */
export function usesHeatOutput(filters: ListingFilters): boolean {
  return filters.output !== null || filters.sort === 'heat_output:desc';
}
