/**
 * VSF 1.12.3's two search adapters: core/lib/search/adapter/api (an Elasticsearch body) and
 * core/lib/search/adapter/api-search-query (the SearchQuery itself) — the request each makes
 * for a call, and what its handleResult makes of the answer.
 */
import { elasticsearchBody } from './elasticsearch-body';
import type { SearchContext } from './search-context';
import type { VsfResult, VsfSearchCall } from './search-calls';

export type Adapter = 'api' | 'api-search-query';

export interface VsfRequest {
  method: 'GET' | 'POST';
  /** Path and query, as the adapter writes them. */
  url: string;
  body?: string;
}

/** query-string's stringify as VSF uses it: keys sorted, undefined dropped, values encoded. */
function stringify(params: Record<string, unknown>): string {
  return Object.keys(params)
    .sort()
    .filter((key) => params[key] !== undefined)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(String(params[key]))}`)
    .join('&');
}

/** The HTTP request an adapter makes for a call (config.elasticsearch.queryMethod GET by default, or POST). */
export function vsfRequest(
  call: VsfSearchCall,
  ctx: SearchContext,
  adapter: Adapter,
  method: 'GET' | 'POST' = 'GET',
  index = 'vue_storefront_catalog',
): VsfRequest {
  const query = call.query(ctx);
  const http: Record<string, unknown> = { size: call.size, from: call.from ?? 0, sort: call.sort ?? '' };
  if (call.exclude) http._source_exclude = call.exclude.join(',');
  if (call.include) http._source_include = call.include.join(',');
  let body: unknown;
  if (adapter === 'api') {
    body = elasticsearchBody(query, method);
  } else {
    // The api-search-query adapter moves the sort into the query and asks for the compact answer.
    if (call.sort) {
      const [field, options] = call.sort.split(':');
      query._appliedSort.push({ field, options });
      delete http.sort;
    }
    http.request_format = 'search-query';
    http.response_format = 'compact';
    body = query;
  }
  if (method === 'GET') http.request = JSON.stringify(body);
  return { method, url: `/api/catalog/${index}/${call.type}/_search?${stringify(http)}`, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) };
}

/** handleResult of each adapter: what VSF makes of the answer (or why it throws). */
export function vsfResult(answer: any, adapter: Adapter): VsfResult | string {
  if (answer === null || typeof answer !== 'object' || !('hits' in answer)) return `no hits member: ${JSON.stringify(answer).slice(0, 200)}`;
  if (adapter === 'api') {
    if (!Array.isArray(answer.hits?.hits) || typeof answer.hits.total !== 'number') return 'hits is not {total, hits: [...]}';
    if (!answer.hits.hits.every((hit: any) => hit && typeof hit._source === 'object')) return 'a hit without _source';
    return { items: answer.hits.hits.map((hit: any) => ({ ...hit._source, _score: hit._score })), total: answer.hits.total, aggregations: answer.aggregations };
  }
  if (!Array.isArray(answer.hits) || typeof answer.total !== 'number') return 'compact hits is not a list with total';
  return { items: answer.hits, total: answer.total, aggregations: answer.aggregations };
}
