import type { SearchResponse } from './search-request';

/**
 * One answer every client reads (docs/compatibility.md "Search"):
 * - the shop's remotes and the spec read `items`, `total`, `start`, `perPage`, `aggregations`;
 * - VSF 1.12's `api` adapter reads Elasticsearch's `hits.hits[]._source`, `hits.total` and
 *   `aggregations` (vue-storefront-api's standard format);
 * - its `api-search-query` adapter asks `response_format=compact` and reads `hits` as the list
 *   of documents, `total` and `aggregations`.
 * `hits` is written for VSF's requests only (`withHits`); the shop's own answers keep to `items`.
 * Each document is serialised once and its text used for both, so carrying both costs bytes on
 * the wire, not serialising time.
 */
export type AnswerFormat = 'standard' | 'compact';

export interface AnswerShape {
  index: string;
  type: string;
  format: AnswerFormat;
  /** VSF's `hits` member besides the shop's `items` (request-format.ts says when). */
  withHits: boolean;
  /** Requested aggregation name → the engine's key (Elasticsearch bodies name their own). */
  aggregationNames?: Record<string, string>;
}

/** The hit id Elasticsearch would give: the document's id where the selected fields carry one. */
function idOf(item: Record<string, unknown>, position: number): string {
  const id = item.id ?? item.attribute_id ?? item.identifier;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : String(position);
}

export function answerJson(response: SearchResponse, shape: AnswerShape): string {
  const docs = response.items.map((item) => JSON.stringify(item));
  const items = `[${docs.join(',')}]`;
  const aggregations = shape.aggregationNames
    ? Object.fromEntries(Object.entries(shape.aggregationNames).map(([name, key]) => [name, response.aggregations[key] ?? { buckets: [] }]))
    : response.aggregations;
  const head = `{"items":${items},"total":${response.total},"start":${response.start},"perPage":${response.perPage},"aggregations":${JSON.stringify(aggregations)}`;
  if (!shape.withHits) return `${head}}`;
  let hits: string;
  if (shape.format === 'compact') {
    hits = items;
  } else {
    const index = JSON.stringify(shape.index);
    const type = JSON.stringify(shape.type);
    let maxScore: number | null = null;
    const wrapped = response.items.map((item, position) => {
      const score = typeof item._score === 'number' ? item._score : null;
      if (score !== null && (maxScore === null || score > maxScore)) maxScore = score;
      return `{"_index":${index},"_type":${type},"_id":${JSON.stringify(idOf(item, response.start + position))},"_score":${score ?? 'null'},"_source":${docs[position]}}`;
    });
    hits = `{"total":${response.total},"max_score":${maxScore ?? 'null'},"hits":[${wrapped.join(',')}]}`;
  }
  return `${head},"hits":${hits}}`;
}
