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
  | { field: string; op: 'exists'; exists: boolean };

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

export const ENTITY_TYPES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block'] as const;
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
}

export interface Bucket {
  key: string;
  doc_count: number;
  from?: number | null;
  to?: number | null;
}

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
  maxSize: 4000,
  maxCmsSize: 500,
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
