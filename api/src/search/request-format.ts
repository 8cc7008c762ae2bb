import type { CatalogSearchQuery } from '@kaloryfer/api-contract';
import { isObject, parseQueryObject, SearchQueryError, type RawSearch } from './query-parser';
import type { AnswerFormat } from './search-answer';

/**
 * Which of the three request formats a catalogue search is, and its parts:
 *
 * 1. the spec's search query (the shop's remotes): `{query: {_appliedFilters, …}, from, size,
 *    sort, _sourceInclude, …}` in a POST body, or `request=<query>` on a GET, or the query as
 *    the body itself;
 * 2. VSF 1.12's `api-search-query` adapter: `request_format=search-query`, the body (or
 *    `request=`) is its SearchQuery, paging and fields in the URL;
 * 3. VSF 1.12's default `api` adapter: an Elasticsearch body (`{query: {bool: …}, aggs, sort}`)
 *    in the POST body or `request=`, paging and fields in the URL — translated, never ignored.
 *
 * A body that carries none of the search query's members (`_appliedFilters`, `_availableFilters`,
 * `_appliedSort`, `_searchText`) is an Elasticsearch body; `{}` is "everything" in both readings.
 * `response_format=compact` asks for VSF's compact answer (search-answer.ts).
 */
export interface SearchInput {
  raw: RawSearch;
  /** The Elasticsearch body when the request is one (format 3). */
  elasticsearch?: Record<string, unknown>;
  format: AnswerFormat;
  groupToken: unknown;
  /**
   * Whether the answer carries VSF's `hits` too: for VSF's two adapters (an Elasticsearch body,
   * `request_format=search-query`, or a `response_format` asked for). The shop's own remotes send
   * the spec's search query and read `items`: their answers stay half the size.
   */
  withHits: boolean;
}

const SEARCH_QUERY_KEYS = ['_appliedFilters', '_availableFilters', '_appliedSort', '_searchText'];
const isSearchQuery = (value: unknown): boolean => isObject(value) && SEARCH_QUERY_KEYS.some((key) => key in value);

/** The URL's parameters, as the route's schema lets them through (a list may be repeated). */
type Query = CatalogSearchQuery;

function source(query: Query, body: unknown): Record<string, unknown> {
  const empty = body === undefined || body === null || body === '' || (isObject(body) && Object.keys(body).length === 0);
  if (!empty) {
    if (!isObject(body)) throw new SearchQueryError('the body must be a JSON object (the search query)');
    return body;
  }
  if (query.request === undefined || query.request === '') return {};
  const parsed = parseQueryObject(query.request);
  if (!isObject(parsed)) throw new SearchQueryError('request must be a JSON object (the search query)');
  return parsed;
}

export function readSearchRequest(type: string, query: Query, body: unknown): SearchInput {
  const format = query.response_format ?? 'standard';
  if (format !== 'standard' && format !== 'compact') throw new SearchQueryError('response_format must be compact or standard');
  if (query.request_format !== undefined && query.request_format !== 'search-query') {
    throw new SearchQueryError('request_format must be search-query (or absent: the search query or an Elasticsearch body)');
  }
  const src = source(query, body);
  const wrapped = [src.query, src.searchQuery].find((part) => isSearchQuery(part) || typeof part === 'string');
  const searchQuery = query.request_format === 'search-query' ? (wrapped ?? src) : isSearchQuery(src) ? src : wrapped;
  const common = {
    type,
    from: src.start ?? query.from ?? query.start,
    size: query.size,
    include: src._sourceInclude ?? src.includeFields ?? src._source_include ?? query._source_include ?? query._sourceInclude ?? query.includeFields,
    exclude: src._sourceExclude ?? src.excludeFields ?? src._source_exclude ?? query._source_exclude ?? query._sourceExclude ?? query.excludeFields,
    groupId: src.groupId ?? query.groupId ?? query.userGroupId,
    heatAt: src.heatAt ?? query.heatAt,
  };
  const groupToken = src.groupToken ?? query.groupToken;
  if (searchQuery !== undefined) {
    const fromVsf = query.request_format !== undefined || query.response_format !== undefined;
    return {
      raw: { ...common, query: searchQuery, from: src.from ?? common.from, size: src.size ?? common.size, sort: src.sort ?? query.sort },
      format,
      groupToken,
      withHits: fromVsf,
    };
  }
  // An Elasticsearch body: its own from/size/sort/_source are read by the translator; the URL's win.
  return { raw: { ...common, query: undefined, sort: query.sort }, elasticsearch: src, format, groupToken, withHits: true };
}
