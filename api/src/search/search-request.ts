import type { AggregationBucket } from '@kaloryfer/api-contract';
import type { RangeBucket } from '@kaloryfer/domain';

/**
 * The search request every engine answers, parsed and validated from the spec §7 query
 * (see query-parser.ts). Engines never see raw client input.
 */
export type Scalar = string | number | boolean;

export type Filter =
  | { field: string; op: 'in' | 'nin'; values: Scalar[] }
  | { field: string; op: 'range'; gte?: Scalar; gt?: Scalar; lte?: Scalar; lt?: Scalar }
  | { field: string; op: 'like'; pattern: string }
  | { field: string; op: 'exists'; exists: boolean }
  /**
   * Boolean composites (Elasticsearch `bool` should / must / must_not, a `like` with several
   * patterns): `any` holds when one of `of` holds, `all` when every one does, `not` when none
   * does. `field` names the composite for facets: the field of its first condition, so a
   * catalogue filter "color, or color_options on a configurable" counts as a colour filter.
   */
  | { field: string; op: 'any' | 'all' | 'not'; of: Filter[] };

export interface FacetRequest {
  field: string;
  /** Range buckets; absent = a terms aggregation. */
  ranges?: RangeBucket[];
  /** Most buckets a terms aggregation returns (spec §9: 30). */
  size: number;
}

export interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * Searchable types: the catalogue's collections, the CMS hierarchy (derived from the pages) and
 * approved reviews (answered from the database, not the engine) — all VSF 1.12 registers.
 */
export const ENTITY_TYPES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'cms_hierarchy', 'review'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface SearchRequest {
  type: EntityType;
  filters: Filter[];
  facets: FacetRequest[];
  sort: SortSpec[];
  text: string;
  from: number;
  size: number;
  include: string[] | null;
  exclude: string[] | null;
  /** Customer group for tier prices (groupId, or the group a groupToken stands for). */
  groupId: number | null;
  /** Full-text options an Elasticsearch multi_match carried (absent: the shop's defaults). */
  textOptions?: TextOptions;
}

export interface TextOptions {
  /** Share of the words a match needs (spec §9: 0.75; operator "and" = 1). */
  minimumShouldMatch?: number;
  /** Edit-distance matching (fuzziness 0 turns it off). */
  fuzzy?: boolean;
  /** Lowest relevance kept (spec §9 and VSF's min_score: 0.02). */
  minScore?: number;
}

/** A facet bucket, as the search answer carries it. */
export type Bucket = AggregationBucket;

export interface SearchResponse<T = Record<string, unknown>> {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: Bucket[] }>;
}

/** Spec §9: search page size default 50, filter aggregation size 30, max filter values 999. */
export const SEARCH_LIMITS = {
  defaultSize: 50,
  /** Categories, attributes, tax rules: the storefront fetches the whole tree (spec §9: 4000). */
  maxSize: 4000,
  /**
   * Products per request: spec §9's layered-navigation page portion, the most the storefront
   * asks at once (back navigation restores up to 200 tiles; a wishlist holds 200). 200 whole
   * products are ~1.3 MB; the former 4000 let one anonymous call take 9.4 MB.
   */
  maxProductSize: 200,
  /**
   * Products when no document field is returned (`_source_exclude=*`, `_source: false`): a
   * facets-only request, as VSF's loadCategoryFilters sends with size 999 (spec §9 max
   * filters query size).
   */
  maxFacetOnlySize: 999,
  maxCmsSize: 500,
  /** Reviews per request, as /api/review/list (VSF asks 50). */
  maxReviewSize: 50,
  aggregationSize: 30,
  maxFilterValues: 999,
  maxTextLength: 200,
  minScore: 0.02,
} as const;

/** The field a client filters and sorts by for output at its temperatures (`heatAt`). */
export const HEAT_OUTPUT = 'heat_output';

/**
 * The engine's name for heat_output at given temperatures ("heat_output@55/45/20"). Only the
 * parser writes it: "@" is not allowed in a client's field names.
 */
export function heatOutputColumn(temperaturesKey: string): string {
  return `${HEAT_OUTPUT}@${temperaturesKey}`;
}

/** The temperatures key of a heat_output column, or null for any other field. */
export function heatOutputKeyOf(field: string): string | null {
  return field.startsWith(`${HEAT_OUTPUT}@`) ? field.slice(HEAT_OUTPUT.length + 1) : null;
}
