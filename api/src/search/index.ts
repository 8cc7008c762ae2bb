/**
 * The search's door: what other areas use of it — the engine, the query parsers, the request and answer shapes, the projection.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { parseElasticsearchSearch } from './elasticsearch/es-search';
export { MemorySearchEngine } from './memory/memory-engine';
export { project } from './project';
export { SearchQueryError, parseSearch, type RawSearch } from './query-parser';
export { readSearchRequest, type SearchInput } from './request-format';
export { answerJson } from './search-answer';
export { type EngineSnapshot, type SearchEngine } from './search-engine';
export { type Filter, type SearchRequest, type SearchResponse } from './search-request';
