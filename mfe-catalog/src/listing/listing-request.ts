import type { Product } from '@kaloryfer/api-contract';
import { LISTED_SEARCH_FILTERS, TILE_FIELDS } from '@kaloryfer/domain';
import type { FieldPath, SearchBody, Selected } from '../api/catalog-api';
import { ATTRIBUTE_FILTERS, isExactValue, RANGE_FILTER_NAMES, RANGE_FILTERS, usesHeatOutput, type ListingFilters } from './route-filters';

/** Spec §9: category page size 20; "load more" asks for the next 20 from start + perPage. */
export const PAGE_SIZE = 20;

/** Spec §5: listed products are visible in the catalogue, enabled and in stock. */
export const LISTED_FILTERS = LISTED_SEARCH_FILTERS;

// What a product tile shows is the shop's one list (shared/domain's TILE_FIELDS); a compile error
// here names a field that is not the contract's product's. Everything else stays on the server.
const _tileFieldsOfProduct: readonly FieldPath<Product>[] = TILE_FIELDS;

/** A listed product as the search answers it: the product with the TILE_FIELDS only. */
export type ListedTile = Selected<Product, (typeof TILE_FIELDS)[number]>;

/** The facets a listing shows: attribute options, the computed flags, and the §9 ranges. */
export const LISTING_FACETS = [
  ...ATTRIBUTE_FILTERS.map((field) => ({ field })),
  { field: 'delivery' },
  { field: 'sale' },
  { field: 'new' },
  ...RANGE_FILTER_NAMES.map((name) => ({ field: RANGE_FILTERS[name].field })),
];

/**
 * One request per listing page: the products, the total and every facet with counts
 * (facets count without their own filter, so the other options stay visible).
 */
export function listingRequest(categoryId: number | null, filters: ListingFilters, from: number, size = PAGE_SIZE, heatAt = '75/65/20'): SearchBody {
  const applied: unknown[] = [...LISTED_FILTERS];
  if (categoryId !== null) applied.push({ attribute: 'category_ids', value: { in: [categoryId] } });
  if (filters.sale) applied.push({ attribute: 'sale', value: { eq: true } });
  if (filters.new) applied.push({ attribute: 'new', value: { eq: true } });
  // "Right away" is the 24 h delivery bucket; with another delivery chosen both must hold.
  if (filters.rightAway) applied.push({ attribute: 'delivery', value: { in: ['24h'] } });
  if (filters.delivery) applied.push({ attribute: 'delivery', value: { in: [filters.delivery] } });
  for (const code of ATTRIBUTE_FILTERS) {
    const ids = filters.attributes[code];
    if (ids && ids.length > 0) applied.push({ attribute: code, value: { in: ids } });
  }
  for (const name of RANGE_FILTER_NAMES) {
    const bucket = filters.ranges[name];
    if (!bucket) continue;
    const value: Record<string, number> = {};
    if (bucket.from !== null) value.gte = bucket.from;
    if (isExactValue(bucket)) value.lte = bucket.from!;
    else if (bucket.to !== null) value.lt = bucket.to;
    applied.push({ attribute: RANGE_FILTERS[name].field, value });
  }
  if (filters.output !== null) applied.push({ attribute: 'heat_output', value: { gte: filters.output } });
  return {
    ...(usesHeatOutput(filters) ? { heatAt } : {}),
    query: { _appliedFilters: applied, _availableFilters: LISTING_FACETS, ...(filters.query ? { _searchText: filters.query } : {}) },
    from,
    size,
    // With free text and the default sort, relevance decides (the server's default with text).
    sort: filters.query && filters.sort === 'view_count:desc' ? '' : filters.sort,
    _sourceInclude: TILE_FIELDS,
  };
}
