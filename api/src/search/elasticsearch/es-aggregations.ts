import type { RangeBucket } from '@kaloryfer/domain';
import { fieldName, integer, isObject, SearchQueryError } from '../query-parser';
import type { FacetRequest } from '../search-request';

/**
 * Elasticsearch `aggs` → the engine's facets. `terms` (field, size; counts descending) and
 * `range` (field, ranges of from/to) are served — what VSF's builder asks
 * (`agg_terms_<attr>`, `agg_terms_<attr>_options`, `agg_terms_price`, `agg_range_price`).
 * Each answer goes back under the name the request gave it. Other aggregations (min, max,
 * sub-aggregations, other orders) are refused by name.
 */
export interface TranslatedAggregations {
  facets: FacetRequest[];
  /** Requested name → the engine's key (`agg_terms_color`, `agg_range_price`). */
  names: Record<string, string>;
}

/** Elasticsearch's default number of terms buckets. */
const ES_TERMS_SIZE = 10;
const MAX_AGGREGATIONS = 50;

const fail = (message: string): never => {
  throw new SearchQueryError(message);
};

function only(body: Record<string, unknown>, where: string, allowed: string[]): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown) fail(`${where}: "${unknown}" is not supported (supported: ${allowed.join(', ')})`);
}

function aggField(raw: unknown, where: string): string {
  if (typeof raw !== 'string') return fail(`${where}.field must be a field name`);
  return fieldName(raw.endsWith('.keyword') ? raw.slice(0, -'.keyword'.length) : raw, `${where}.field`);
}

function edge(value: unknown, where: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`${where} must be a number`);
  return value;
}

export function translateAggregations(raw: unknown): TranslatedAggregations {
  const out: TranslatedAggregations = { facets: [], names: {} };
  if (raw === undefined || raw === null) return out;
  if (!isObject(raw)) return fail('aggs must be an object of named aggregations');
  const entries = Object.entries(raw);
  if (entries.length > MAX_AGGREGATIONS) fail(`aggs takes at most ${MAX_AGGREGATIONS} aggregations`);
  const specs = new Map<string, string>();
  for (const [name, body] of entries) {
    if (!isObject(body)) return fail(`aggs.${name} must be an object such as {"terms": {"field": "color"}}`);
    const where = `aggs.${name}`;
    only(body, where, ['terms', 'range', 'meta']);
    const kinds = Object.keys(body).filter((key) => key !== 'meta');
    if (kinds.length !== 1) fail(`${where} needs one aggregation (terms or range)`);
    const kind = kinds[0];
    const spec = body[kind];
    if (!isObject(spec)) return fail(`${where}.${kind} must be an object`);
    let facet: FacetRequest;
    if (kind === 'terms') {
      only(spec, `${where}.terms`, ['field', 'size', 'order', 'min_doc_count', 'shard_size']);
      if (spec.order !== undefined && JSON.stringify(spec.order) !== '{"_count":"desc"}') fail(`${where}.terms.order: only {"_count": "desc"} is supported`);
      if (spec.min_doc_count !== undefined && spec.min_doc_count !== 1) fail(`${where}.terms.min_doc_count: only 1 is supported`);
      facet = { field: aggField(spec.field, `${where}.terms`), size: integer(spec.size, `${where}.terms.size`, ES_TERMS_SIZE, 1, 200) };
    } else {
      only(spec, `${where}.range`, ['field', 'ranges', 'keyed']);
      if (spec.keyed !== undefined && spec.keyed !== false) fail(`${where}.range.keyed: only false is supported`);
      if (!Array.isArray(spec.ranges) || spec.ranges.length === 0 || spec.ranges.length > 50)
        fail(`${where}.range.ranges must be a list of 1 to 50 {from, to}`);
      const ranges: RangeBucket[] = (spec.ranges as unknown[]).map((bucket, index) => {
        if (!isObject(bucket)) return fail(`${where}.range.ranges[${index}] must be {from, to}`);
        only(bucket, `${where}.range.ranges[${index}]`, ['from', 'to', 'key']);
        return { from: edge(bucket.from, `${where}.range.ranges[${index}].from`), to: edge(bucket.to, `${where}.range.ranges[${index}].to`) };
      });
      facet = { field: aggField(spec.field, `${where}.range`), size: ranges.length, ranges };
    }
    const key = `agg_${kind}_${facet.field}`;
    const signature = JSON.stringify(facet);
    const before = specs.get(key);
    // Two different aggregations of one kind on one field would share the engine's answer.
    if (before !== undefined && before !== signature) fail(`aggs: two different ${kind} aggregations on ${facet.field} are not supported`);
    if (before === undefined) out.facets.push(facet);
    specs.set(key, signature);
    out.names[name] = key;
  }
  return out;
}
