import { checkFilterValues, isObject, parseCommon, parseSort, SearchQueryError, type RawSearch } from '../query-parser';
import type { SearchRequest, TextOptions } from '../search-request';
import { translateAggregations } from './es-aggregations';
import { translateQuery } from './es-query';

/**
 * A whole Elasticsearch request body (VSF 1.12's default `api` adapter: POST body, or GET
 * `request=`) → the engine's request. Paging, sort and field selection may come in the body
 * (`from`, `size`, `sort`, `_source`) or as URL parameters (`from`, `size`, `sort`,
 * `_source_include`, `_source_exclude`), as Elasticsearch takes them; the URL wins.
 */
export interface ElasticsearchSearch extends SearchRequest {
  /** Requested aggregation name → the engine's key. */
  aggregationNames: Record<string, string>;
}

/** Keys of an Elasticsearch body the shop serves. */
const BODY_KEYS = ['query', 'aggs', 'aggregations', 'sort', 'from', 'size', '_source', 'min_score', 'track_total_hits', 'track_scores'];
/** Keys the shop's own search requests add around the query (spec §7), allowed here too. */
export const ENVELOPE_KEYS = [
  'from',
  'start',
  'size',
  'sort',
  '_sourceInclude',
  '_sourceExclude',
  'includeFields',
  'excludeFields',
  '_source_include',
  '_source_exclude',
  'groupId',
  'groupToken',
  'heatAt',
  'store',
  'type',
  'searchQuery',
];

const fail = (message: string): never => {
  throw new SearchQueryError(message);
};

/** Elasticsearch's sort: "field", {field: "desc"}, {field: {order, mode, missing, unmapped_type}}, or a list of them. */
export function translateSort(raw: unknown): Array<{ field: string; options: string }> {
  if (raw === undefined || raw === null || raw === '') return [];
  return (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => {
    if (typeof entry === 'string') {
      const [name, order] = entry.split(':');
      return [{ field: name, options: order ?? (name === '_score' ? 'desc' : 'asc') }];
    }
    if (!isObject(entry)) return fail('sort entries must be "field" or {"field": "asc" | "desc" | {"order": …}}');
    return Object.entries(entry).map(([name, spec]) => {
      if (name === '_script' || name === '_geo_distance') fail(`sort by ${name} is not supported (sort by fields or _score)`);
      const plain = name.endsWith('.keyword') ? name.slice(0, -'.keyword'.length) : name;
      if (typeof spec === 'string') return { field: plain, options: spec };
      if (!isObject(spec)) return fail(`sort ${name} must be "asc", "desc" or {"order": …}`);
      const unknown = Object.keys(spec).find((key) => !['order', 'mode', 'missing', 'unmapped_type'].includes(key));
      if (unknown) fail(`sort ${name}: "${unknown}" is not supported (order, mode, missing, unmapped_type)`);
      // The shop sorts many-valued fields by their lowest value ascending, highest descending (mode min / max) and puts missing values last.
      if (spec.missing !== undefined && spec.missing !== '_last') fail(`sort ${name}.missing: only "_last" is supported`);
      return { field: plain, options: String(spec.order ?? (plain === '_score' ? 'desc' : 'asc')) };
    });
  });
}

/** `_source`: false (no fields), true, "field", ["fields"], or {includes, excludes}. */
function sourceFields(raw: unknown): { include: unknown; exclude: unknown } {
  if (raw === undefined || raw === null || raw === true) return { include: undefined, exclude: undefined };
  if (raw === false) return { include: undefined, exclude: ['*'] };
  if (typeof raw === 'string' || Array.isArray(raw)) return { include: raw, exclude: undefined };
  if (!isObject(raw)) return fail('_source must be true, false, a field list or {includes, excludes}');
  const unknown = Object.keys(raw).find((key) => !['includes', 'include', 'excludes', 'exclude'].includes(key));
  if (unknown) fail(`_source: "${unknown}" is not supported (includes, excludes)`);
  return { include: raw.includes ?? raw.include, exclude: raw.excludes ?? raw.exclude };
}

/**
 * `raw` carries the URL's paging and fields (and the shop's envelope keys); `body` is the
 * Elasticsearch body.
 */
export function parseElasticsearchSearch(raw: RawSearch, body: Record<string, unknown>): ElasticsearchSearch {
  const unknown = Object.keys(body).find((key) => !BODY_KEYS.includes(key) && !ENVELOPE_KEYS.includes(key));
  if (unknown) fail(`Elasticsearch request "${unknown}" is not supported (supported: ${BODY_KEYS.join(', ')})`);
  const source = sourceFields(body._source);
  const common = parseCommon({
    ...raw,
    include: raw.include ?? source.include,
    exclude: raw.exclude ?? source.exclude,
    from: raw.from ?? body.from,
    size: raw.size ?? body.size,
  });
  const query = translateQuery(body.query, common.type);
  query.filters.forEach(checkFilterValues);
  if (body.aggs !== undefined && body.aggregations !== undefined) fail('send aggs or aggregations, not both');
  const aggregations = translateAggregations(body.aggs ?? body.aggregations);
  const urlSort = typeof raw.sort === 'string' && raw.sort !== '' ? raw.sort : undefined;
  const sort = parseSort(urlSort ?? translateSort(body.sort));
  const textOptions: TextOptions = { ...query.textOptions };
  if (body.min_score !== undefined) {
    if (typeof body.min_score !== 'number' || !Number.isFinite(body.min_score) || body.min_score < 0 || body.min_score > 1000)
      fail('min_score must be a number from 0 to 1000');
    textOptions.minScore = body.min_score as number;
  }
  if (body.track_total_hits !== undefined && typeof body.track_total_hits !== 'boolean')
    fail('track_total_hits must be true or false (totals are always exact here)');
  return {
    type: common.type,
    filters: query.filters.map(common.atTemperatures),
    facets: aggregations.facets,
    aggregationNames: aggregations.names,
    sort: sort.map(common.atTemperatures),
    text: query.text,
    ...(Object.keys(textOptions).length > 0 ? { textOptions } : {}),
    from: common.from,
    size: common.size,
    include: common.include,
    exclude: common.exclude,
    groupId: common.groupId,
  };
}
