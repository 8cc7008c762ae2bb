import { isDeliveryBucket, NOMINAL, RANGE_FACETS, readTemperatures, temperaturesKey, temperaturesProblem, type RangeBucket } from '@kaloryfer/domain';
import {
  ENTITY_TYPES, HEAT_OUTPUT, heatOutputColumn, SEARCH_LIMITS, type EntityType, type FacetRequest, type Filter, type Scalar, type SearchRequest, type SortSpec,
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function fieldName(value: unknown, where: string): string {
  if (typeof value !== 'string' || !FIELD.test(value)) throw new SearchQueryError(`${where} must be a field name (letters, digits, _ and .), got ${JSON.stringify(value)}`);
  return value;
}

function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'string' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new SearchQueryError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return parsed;
}

function scalars(value: unknown, where: string): Scalar[] {
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
    if (typeof value.like !== 'string' || value.like.length === 0 || value.like.length > 128) throw new SearchQueryError(`filter ${field}.like must be a text of 1 to 128 characters`);
    filters.push({ field, op: 'like', pattern: value.like });
  }
  if ('exists' in value) {
    if (typeof value.exists !== 'boolean') throw new SearchQueryError(`filter ${field}.exists must be true or false`);
    filters.push({ field, op: 'exists', exists: value.exists });
  }
  for (const filter of filters) {
    if (filter.field === 'delivery' && filter.op === 'in') {
      const bad = filter.values.find((bucket) => !isDeliveryBucket(String(bucket)));
      if (bad !== undefined) throw new SearchQueryError(`delivery accepts only 24h, 7-14, 15-30, 31-60, got "${bad}"`);
    }
  }
  return filters;
}

function parseRanges(raw: unknown, field: string): RangeBucket[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50) throw new SearchQueryError(`facet ${field}: options.range must be a list of 1 to 50 {from, to} buckets`);
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
  const entries: unknown[] = typeof raw === 'string' ? raw.split(',').filter(Boolean) : Array.isArray(raw) ? raw : isObject(raw) ? Object.entries(raw).map(([field, order]) => ({ field, options: order })) : [raw];
  if (entries.length > 5) throw new SearchQueryError('sort takes at most 5 fields');
  return entries.map((entry) => {
    let field: unknown;
    let order: unknown = 'asc';
    if (typeof entry === 'string') [field, order = 'asc'] = entry.trim().split(':');
    else if (isObject(entry)) {
      field = entry.field;
      order = typeof entry.options === 'string' ? entry.options : isObject(entry.options) ? entry.options.order ?? 'asc' : entry.order ?? 'asc';
    }
    const name = fieldName(field, 'sort field');
    const direction = String(order).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw new SearchQueryError(`sort ${name}: order must be asc or desc`);
    return { field: name, order: direction };
  });
}

function fieldList(raw: unknown, name: string): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const list = typeof raw === 'string' ? raw.split(',').map((part) => part.trim()).filter(Boolean) : raw;
  if (!Array.isArray(list) || list.length > 200) throw new SearchQueryError(`${name} must be a list of field names`);
  return list.map((field) => fieldName(field, name));
}

function parseQueryObject(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new SearchQueryError('request must be JSON (the search query)');
  }
}

export function parseSearch(raw: RawSearch): SearchRequest {
  if (!(ENTITY_TYPES as readonly string[]).includes(raw.type)) throw new SearchQueryError(`type must be one of ${ENTITY_TYPES.join(', ')}`);
  const type = raw.type as EntityType;
  const query = parseQueryObject(raw.query);
  if (!isObject(query)) throw new SearchQueryError('the search query must be an object');
  const applied = query._appliedFilters ?? [];
  const available = query._availableFilters ?? [];
  if (!Array.isArray(applied) || applied.length > 100) throw new SearchQueryError('_appliedFilters must be a list of at most 100 filters');
  if (!Array.isArray(available) || available.length > 50) throw new SearchQueryError('_availableFilters must be a list of at most 50 facets');
  const text = query._searchText ?? '';
  if (typeof text !== 'string' || text.length > SEARCH_LIMITS.maxTextLength) throw new SearchQueryError(`_searchText must be a text of at most ${SEARCH_LIMITS.maxTextLength} characters`);
  const maxSize = type === 'cms_page' || type === 'cms_block' ? SEARCH_LIMITS.maxCmsSize : SEARCH_LIMITS.maxSize;
  const sort = raw.sort !== undefined && raw.sort !== '' ? parseSort(raw.sort) : parseSort(query._appliedSort);
  // heat_output is the output at heatAt: the engine's derived column for those temperatures.
  const heatField = heatOutputColumn(heatAtKey(raw.heatAt));
  const atTemperatures = <T extends { field: string }>(item: T): T => (item.field === HEAT_OUTPUT ? { ...item, field: heatField } : item);
  const groupId = raw.groupId === undefined || raw.groupId === null || raw.groupId === '' ? null : integer(raw.groupId, 'groupId', 0, 0, 32000);
  return {
    type,
    filters: applied.flatMap(parseFilter).map(atTemperatures),
    facets: available.map(parseFacet),
    sort: sort.map(atTemperatures),
    text: text.trim(),
    from: integer(raw.from, 'from', 0, 0, 1_000_000),
    size: integer(raw.size, 'size', SEARCH_LIMITS.defaultSize, 1, maxSize),
    include: fieldList(raw.include, '_sourceInclude'),
    exclude: fieldList(raw.exclude, '_sourceExclude'),
    groupId,
  };
}
