import { isDeliveryBucket, NOMINAL, RANGE_FACETS, readTemperatures, temperaturesKey, temperaturesProblem, type RangeBucket } from '@kaloryfer/domain';
import {
  ENTITY_TYPES,
  HEAT_OUTPUT,
  heatOutputColumn,
  SEARCH_LIMITS,
  type EntityType,
  type FacetRequest,
  type Filter,
  type Scalar,
  type SearchRequest,
  type SortSpec,
} from './search-request';

/** A request the search cannot answer: the message says what to change (HTTP 400). */
export class SearchQueryError extends Error {}

/**
 * What a client sends (spec §7): the search query (`_appliedFilters`, `_availableFilters`,
 * `_appliedSort`, `_searchText`, as vue-storefront's query builder writes it) plus paging,
 * sort and field selection, in a POST body or as GET parameters with `request=`.
 */
export interface RawSearch {
  type: string;
  query: unknown;
  from?: unknown;
  size?: unknown;
  sort?: unknown;
  include?: unknown;
  exclude?: unknown;
  groupId?: unknown;
  /** The shopper's supply/return/room temperatures ("55/45/20") for the `heat_output` field. */
  heatAt?: unknown;
}

function heatAtKey(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return temperaturesKey(NOMINAL);
  const at = typeof raw === 'string' ? readTemperatures(raw) : null;
  const problem = at ? temperaturesProblem(at) : null;
  if (at && !problem) return temperaturesKey(at);
  throw new SearchQueryError(`heatAt must be supply/return/room in °C such as "55/45/20"${problem ? `: ${problem}` : ''}`);
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;
const OPERATORS = ['in', 'nin', 'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'exists'] as const;

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

export function fieldName(value: unknown, where: string): string {
  if (typeof value !== 'string' || !FIELD.test(value))
    throw new SearchQueryError(`${where} must be a field name (letters, digits, _ and .), got ${JSON.stringify(value)}`);
  return value;
}

export function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'string' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new SearchQueryError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return parsed;
}

export function scalars(value: unknown, where: string): Scalar[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new SearchQueryError(`${where} needs at least one value`);
  if (list.length > SEARCH_LIMITS.maxFilterValues) throw new SearchQueryError(`${where} takes at most ${SEARCH_LIMITS.maxFilterValues} values`);
  for (const item of list) if (!isScalar(item)) throw new SearchQueryError(`${where} values must be strings, numbers or booleans`);
  return list as Scalar[];
}

/** One applied filter: `{attribute, value}` where value is a scalar, a list or an operator object. */
function parseFilter(raw: unknown): Filter[] {
  if (!isObject(raw)) throw new SearchQueryError('each filter must be an object with attribute and value');
  const field = fieldName(raw.attribute ?? raw.field, 'filter attribute');
  const value = raw.value;
  if (!isObject(value)) return [{ field, op: 'in', values: scalars(value, `filter ${field}`) }];
  const keys = Object.keys(value);
  if (keys.length === 0) throw new SearchQueryError(`filter ${field} has no condition`);
  const unknown = keys.find((key) => !(OPERATORS as readonly string[]).includes(key));
  if (unknown) throw new SearchQueryError(`filter ${field}: unsupported operator "${unknown}" (use ${OPERATORS.join(', ')})`);
  const filters: Filter[] = [];
  if ('in' in value) filters.push({ field, op: 'in', values: scalars(value.in, `filter ${field}.in`) });
  if ('eq' in value) filters.push({ field, op: 'in', values: scalars(value.eq, `filter ${field}.eq`) });
  if ('nin' in value) filters.push({ field, op: 'nin', values: scalars(value.nin, `filter ${field}.nin`) });
  if ('neq' in value) filters.push({ field, op: 'nin', values: scalars(value.neq, `filter ${field}.neq`) });
  const bounds = (['gt', 'gte', 'lt', 'lte'] as const).filter((key) => key in value);
  if (bounds.length > 0) {
    const range: Filter = { field, op: 'range' };
    for (const key of bounds) {
      const bound = value[key];
      if (!(typeof bound === 'number' && Number.isFinite(bound)) && typeof bound !== 'string') {
        throw new SearchQueryError(`filter ${field}.${key} must be a number or a date`);
      }
      range[key] = bound;
    }
    filters.push(range);
  }
  if ('like' in value) {
    // VSF's CMS loaders send a list (cmsBlock/list with filterValues): any of the patterns.
    const patterns = Array.isArray(value.like) ? value.like : [value.like];
    if (
      patterns.length === 0 ||
      patterns.length > 50 ||
      patterns.some((pattern) => typeof pattern !== 'string' || pattern.length === 0 || pattern.length > 128)
    ) {
      throw new SearchQueryError(`filter ${field}.like must be a text of 1 to 128 characters, or a list of 1 to 50 of them`);
    }
    const likes: Filter[] = (patterns as string[]).map((pattern) => ({ field, op: 'like', pattern }));
    filters.push(likes.length === 1 ? likes[0] : { field, op: 'any', of: likes });
  }
  if ('exists' in value) {
    if (typeof value.exists !== 'boolean') throw new SearchQueryError(`filter ${field}.exists must be true or false`);
    filters.push({ field, op: 'exists', exists: value.exists });
  }
  filters.forEach(checkFilterValues);
  return filters;
}

/** Values a field cannot take, whatever format the filter came in (composites checked inside). */
export function checkFilterValues(filter: Filter): void {
  if (filter.op === 'any' || filter.op === 'all' || filter.op === 'not') {
    filter.of.forEach(checkFilterValues);
    return;
  }
  if (filter.field === 'delivery' && (filter.op === 'in' || filter.op === 'nin')) {
    const bad = filter.values.find((bucket) => !isDeliveryBucket(String(bucket)));
    if (bad !== undefined) throw new SearchQueryError(`delivery accepts only 24h, 7-14, 15-30, 31-60, got "${bad}"`);
  }
}

function parseRanges(raw: unknown, field: string): RangeBucket[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50)
    throw new SearchQueryError(`facet ${field}: options.range must be a list of 1 to 50 {from, to} buckets`);
  return raw.map((bucket) => {
    const edge = (value: unknown) => {
      if (value === undefined || value === null || value === '*') return null;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new SearchQueryError(`facet ${field}: range bounds must be numbers`);
      return value;
    };
    if (!isObject(bucket)) throw new SearchQueryError(`facet ${field}: each range is {from, to}`);
    return { from: edge(bucket.from), to: edge(bucket.to) };
  });
}

function parseFacet(raw: unknown): FacetRequest {
  const entry = typeof raw === 'string' ? { field: raw } : raw;
  if (!isObject(entry)) throw new SearchQueryError('each available filter must be {field, options?}');
  const field = fieldName(entry.field ?? entry.attribute, 'available filter field');
  const options = isObject(entry.options) ? entry.options : {};
  const size = integer(options.size, `facet ${field} size`, SEARCH_LIMITS.aggregationSize, 1, 200);
  if (options.range !== undefined) return { field, size, ranges: parseRanges(options.range, field) };
  if (RANGE_FACETS[field]) return { field, size, ranges: RANGE_FACETS[field] };
  return { field, size };
}

/** "price:asc,id:desc", ["price:asc"], [{field, options: 'asc'}] or {field: 'asc'}. */
export function parseSort(raw: unknown): SortSpec[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const entries: unknown[] =
    typeof raw === 'string'
      ? raw.split(',').filter(Boolean)
      : Array.isArray(raw)
        ? raw
        : isObject(raw)
          ? Object.entries(raw).map(([field, order]) => ({ field, options: order }))
          : [raw];
  if (entries.length > 5) throw new SearchQueryError('sort takes at most 5 fields');
  return entries.map((entry) => {
    let field: unknown;
    let order: unknown = 'asc';
    if (typeof entry === 'string') [field, order = 'asc'] = entry.trim().split(':');
    else if (isObject(entry)) {
      field = entry.field;
      order = typeof entry.options === 'string' ? entry.options : isObject(entry.options) ? (entry.options.order ?? 'asc') : (entry.order ?? 'asc');
    }
    const name = fieldName(field, 'sort field');
    const direction = String(order).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw new SearchQueryError(`sort ${name}: order must be asc or desc`);
    return { field: name, order: direction };
  });
}

/** A source field or an Elasticsearch-style pattern (`*image`, `*.children_data.id`, `*`). */
const SOURCE_FIELD = /^(?=.*[A-Za-z_*])[A-Za-z0-9_.*]{1,64}$/;

export function fieldList(raw: unknown, name: string): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const list =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : raw;
  if (!Array.isArray(list) || list.length > 200) throw new SearchQueryError(`${name} must be a list of field names`);
  return list.map((field) => {
    if (typeof field !== 'string' || !SOURCE_FIELD.test(field)) {
      throw new SearchQueryError(`${name} must be field names or patterns (letters, digits, _, . and *), got ${JSON.stringify(field)}`);
    }
    return field;
  });
}

/** Whether no document field is returned (facets only): `_source_exclude=*`. */
export const excludesEverything = (exclude: string[] | null): boolean => exclude?.includes('*') ?? false;

/** The largest page a type answers (search-request.ts SEARCH_LIMITS says why each). */
export function maxSizeFor(type: EntityType, exclude: string[] | null): number {
  switch (type) {
    case 'product':
      return excludesEverything(exclude) ? SEARCH_LIMITS.maxFacetOnlySize : SEARCH_LIMITS.maxProductSize;
    case 'cms_page':
    case 'cms_block':
    case 'cms_hierarchy':
      return SEARCH_LIMITS.maxCmsSize;
    case 'review':
      return SEARCH_LIMITS.maxReviewSize;
    default:
      return SEARCH_LIMITS.maxSize;
  }
}

export function sizeMessage(type: EntityType, max: number): string {
  const why =
    type === 'product'
      ? max === SEARCH_LIMITS.maxProductSize
        ? ` (products per request; up to ${SEARCH_LIMITS.maxFacetOnlySize} with _source_exclude=* for facets only)`
        : ' (facets only)'
      : '';
  return `size must be a whole number from 1 to ${max}${why}`;
}

/** What every search format shares: the type, paging, field selection, group and temperatures. */
export interface CommonSearch {
  type: EntityType;
  from: number;
  size: number;
  include: string[] | null;
  exclude: string[] | null;
  groupId: number | null;
  /** A filter or sort on heat_output becomes the engine's column at the request's temperatures. */
  atTemperatures: <T extends { field: string }>(item: T) => T;
}

export function parseCommon(raw: RawSearch): CommonSearch {
  if (!(ENTITY_TYPES as readonly string[]).includes(raw.type)) throw new SearchQueryError(`type must be one of ${ENTITY_TYPES.join(', ')}`);
  const type = raw.type as EntityType;
  const include = fieldList(raw.include, '_sourceInclude');
  const exclude = fieldList(raw.exclude, '_sourceExclude');
  const max = maxSizeFor(type, exclude);
  const size =
    raw.size === undefined || raw.size === null || raw.size === ''
      ? Math.min(SEARCH_LIMITS.defaultSize, max)
      : integerOr(raw.size, 1, max, sizeMessage(type, max));
  const heatField = heatOutputColumn(heatAtKey(raw.heatAt));
  const atTemperatures = <T extends { field: string }>(item: T): T => {
    const mapped = item.field === HEAT_OUTPUT ? { ...item, field: heatField } : item;
    const composite = mapped as unknown as Filter;
    if (composite && (composite.op === 'any' || composite.op === 'all' || composite.op === 'not')) return { ...mapped, of: composite.of.map(atTemperatures) };
    return mapped;
  };
  return {
    type,
    from: integer(raw.from, 'from', 0, 0, 1_000_000),
    size,
    include,
    exclude,
    groupId: raw.groupId === undefined || raw.groupId === null || raw.groupId === '' ? null : integer(raw.groupId, 'groupId', 0, 0, 32000),
    atTemperatures,
  };
}

function integerOr(value: unknown, min: number, max: number, message: string): number {
  const parsed = typeof value === 'string' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < min || parsed > max) throw new SearchQueryError(message);
  return parsed;
}

export function parseQueryObject(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new SearchQueryError('request must be JSON (the search query)');
  }
}

/** The spec §7 search query (VSF's SearchQuery: `_appliedFilters`, `_availableFilters`, …). */
export function parseSearch(raw: RawSearch): SearchRequest {
  const common = parseCommon(raw);
  const query = parseQueryObject(raw.query);
  if (!isObject(query)) throw new SearchQueryError('the search query must be an object');
  const applied = query._appliedFilters ?? [];
  const available = query._availableFilters ?? [];
  if (!Array.isArray(applied) || applied.length > 100) throw new SearchQueryError('_appliedFilters must be a list of at most 100 filters');
  if (!Array.isArray(available) || available.length > 50) throw new SearchQueryError('_availableFilters must be a list of at most 50 facets');
  const text = query._searchText ?? '';
  if (typeof text !== 'string' || text.length > SEARCH_LIMITS.maxTextLength)
    throw new SearchQueryError(`_searchText must be a text of at most ${SEARCH_LIMITS.maxTextLength} characters`);
  const sort = raw.sort !== undefined && raw.sort !== '' ? parseSort(raw.sort) : parseSort(query._appliedSort);
  return {
    type: common.type,
    filters: applied.flatMap(parseFilter).map(common.atTemperatures),
    facets: available.map(parseFacet),
    sort: sort.map(common.atTemperatures),
    text: text.trim(),
    from: common.from,
    size: common.size,
    include: common.include,
    exclude: common.exclude,
    groupId: common.groupId,
  };
}
