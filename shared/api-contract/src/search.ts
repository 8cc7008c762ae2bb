import { Type, type Static, type TObject, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { Attribute } from './attribute';
import { Category } from './category';
import { CmsBlock, CmsHierarchyNode, CmsPage } from './content';
import { ErrorEnvelope, Nullable } from './envelope';
import { Product } from './product';
import { ReviewDocument } from './reviews';
import { TaxRule } from './tax-rule';

/*
 * Catalogue search: VSF's `/api/catalog/{index}/{type}/_search`, answered in Elasticsearch's shape.
 */

/** What `_source` filtering leaves of a document: any field, at any depth, may be absent. */
export type SourceFiltered<T> = T extends readonly (infer Item)[]
  ? SourceFiltered<Item>[]
  : T extends object
    ? { [Key in keyof T]?: SourceFiltered<T[Key]> }
    : T;

/** Every property of every object below made optional (the types stay). */
function everyFieldOptional(schema: TSchema): TSchema {
  if (schema.type === 'object' && schema.properties) {
    const { properties, required: _required, ...options } = schema as TObject;
    return Type.Object(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, Type.Optional(everyFieldOptional(value))])), options);
  }
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) return Type.Array(everyFieldOptional(schema.items as TSchema));
  if (Array.isArray(schema.anyOf)) return Type.Union((schema.anyOf as TSchema[]).map(everyFieldOptional));
  return schema;
}

/**
 * A search hit's document: the entity as the search holds it, filtered by the client's
 * `_source` include/exclude lists (`_sourceInclude: ['sku', 'configurable_children.sku']` keeps
 * only those, at any depth), so every field is optional; `_score` is the relevance of a
 * full-text search. The fields listed keep their types.
 */
const SourceDocument = <Entity extends TObject>(entity: Entity, description: string): TUnsafe<SourceFiltered<Static<Entity>> & { _score?: number }> =>
  Type.Unsafe<SourceFiltered<Static<Entity>> & { _score?: number }>(
    everyFieldOptional(Type.Object({ ...entity.properties, _score: Type.Number() }, { additionalProperties: entity.additionalProperties, description })),
  );

/** The documents of each search type (spec §7 and what VSF 1.12 registers). */
export const SearchDocuments = {
  product: SourceDocument(Product, 'product'),
  category: SourceDocument(Category, 'category'),
  attribute: SourceDocument(Attribute, 'attribute'),
  taxrule: SourceDocument(TaxRule, 'taxrule'),
  cms_page: SourceDocument(CmsPage, 'cms_page'),
  cms_block: SourceDocument(CmsBlock, 'cms_block'),
  cms_hierarchy: SourceDocument(CmsHierarchyNode, 'cms_hierarchy'),
  review: SourceDocument(ReviewDocument, 'review'),
};
export type SearchType = keyof typeof SearchDocuments;
export type SearchDocument<Type extends SearchType = SearchType> = Static<(typeof SearchDocuments)[Type]>;

/** A facet bucket: a term's key, or a range's (`"500.0-1500.0"`, the last one open: `"5000.0-*"`) with its bounds. */
export const AggregationBucket = Type.Object({
  key: Type.String(),
  doc_count: Type.Integer(),
  from: Type.Optional(Nullable(Type.Number())),
  to: Type.Optional(Nullable(Type.Number())),
});
export type AggregationBucket = Static<typeof AggregationBucket>;

/** Keyed `agg_terms_<attribute>`, `agg_terms_<attribute>_options`, `agg_range_<attribute>`, or as an Elasticsearch body named them. */
export const Aggregation = Type.Object({ buckets: Type.Array(AggregationBucket) });
export type Aggregation = Static<typeof Aggregation>;

/**
 * One search answer, three readers (docs/vsf-contract.md "Catalogue search"): the shop's remotes
 * read `items`, `total`, `start`, `perPage`, `aggregations`; VSF's `api` adapter (an Elasticsearch
 * body) reads Elasticsearch's `hits: {total, max_score, hits: [{_index, _type, _id, _score, _source}]}`;
 * its `api-search-query` adapter (`response_format=compact`) reads `hits` as the list of
 * documents. `hits` is there for VSF's requests only.
 */
export const SearchAnswerOf = <Document extends TSchema>(document: Document) =>
  Type.Object({
    items: Type.Array(document),
    total: Type.Integer(),
    start: Type.Integer(),
    perPage: Type.Integer(),
    aggregations: Type.Record(Type.String(), Aggregation),
    hits: Type.Optional(
      Type.Union([
        Type.Object({
          total: Type.Integer(),
          max_score: Nullable(Type.Number()),
          hits: Type.Array(
            Type.Object({ _index: Type.String(), _type: Type.String(), _id: Type.String(), _score: Nullable(Type.Number()), _source: document }),
          ),
        }),
        Type.Array(document),
      ]),
    ),
  });

/** A search answer of any type; a remote reads its own type's as `SearchAnswer<SearchDocument<'product'>>` or its own narrower shape. */
export const CatalogSearchAnswer = SearchAnswerOf(Type.Union(Object.values(SearchDocuments)));
export type SearchAnswer<Document = SearchDocument> = Omit<Static<typeof CatalogSearchAnswer>, 'items' | 'hits'> & {
  items: Document[];
  hits?:
    | { total: number; max_score: number | null; hits: Array<{ _index: string; _type: string; _id: string; _score: number | null; _source: Document }> }
    | Document[];
};

const SearchParams = Type.Object({
  index: Type.String({ description: 'vue_storefront_catalog, or vue_storefront_catalog_<language> (404 for any other)' }),
  type: Type.String({ description: Object.keys(SearchDocuments).join(', ') }),
});

/** Query parameters are strings; a list may come as one comma-separated value or as the parameter repeated. */
const QueryText = (description: string) => Type.Optional(Type.String({ description }));
const QueryList = (description: string) => Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));
const SearchQuery = Type.Object({
  request: QueryText('the search query or an Elasticsearch body as JSON (GET)'),
  request_format: QueryText("search-query: VSF's api-search-query adapter (absent: the search query or an Elasticsearch body)"),
  response_format: QueryText("compact or standard (VSF's hits member)"),
  from: QueryText('first hit, 0-based'),
  start: QueryText("first hit (VSF's api-search-query adapter)"),
  size: QueryText('hits per page: 50 by default, at most 200 products (999 with _source_exclude=*), 4000 categories'),
  sort: QueryList('"price:asc,id:desc"'),
  _source_include: QueryList('fields or patterns (`*image`) to return'),
  _source_exclude: QueryList('fields or patterns to leave out (`*`: facets only)'),
  _sourceInclude: QueryList('as _source_include'),
  _sourceExclude: QueryList('as _source_exclude'),
  includeFields: QueryList('as _source_include'),
  excludeFields: QueryList('as _source_exclude'),
  groupId: QueryText('customer group for tier prices'),
  userGroupId: QueryText('as groupId'),
  groupToken: QueryText('the group token from /api/user/me (outranks groupId)'),
  heatAt: QueryText('supply/return/room temperatures for heat_output, e.g. 55/45/20'),
});
export type CatalogSearchQuery = Static<typeof SearchQuery>;

/** The errors: `{code, result: message}` as every route (400 for a query the search cannot answer, 404 for an unknown index). */
const SearchResponse = { 200: CatalogSearchAnswer, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/** `GET /api/catalog/:index/:type/_search?request=`: the search in the URL (cacheable). */
export const CatalogSearchGet = {
  summary: 'Catalogue search (GET, request= holds the search query or an Elasticsearch body)',
  tags: ['catalogue'],
  params: SearchParams,
  querystring: SearchQuery,
  response: SearchResponse,
};

/** `POST /api/catalog/:index/:type/_search`: the search in the body. */
export const CatalogSearchPost = {
  summary: 'Catalogue search (POST body: the search query or an Elasticsearch body, with paging, sort and field selection)',
  tags: ['catalogue'],
  params: SearchParams,
  querystring: SearchQuery,
  // Open: the spec's search query (`query: {_appliedFilters, _availableFilters, _appliedSort, _searchText}`),
  // VSF's SearchQuery, or an Elasticsearch body (`query: {bool: …}`, `aggs`, `sort`, `_source`).
  // Not validated here: api/src/search/request-format.ts tells the formats apart and answers a
  // 400 that names what it cannot read ("the body must be a JSON object (the search query)"),
  // clearer than a schema's anyOf; no body at all reads as `{}`, the URL's parameters deciding.
  body: Type.Union([
    Type.Object(
      {
        query: Type.Optional(Type.Unknown({ description: 'the search query, or an Elasticsearch query' })),
        from: Type.Optional(Type.Unknown()),
        size: Type.Optional(Type.Unknown()),
        sort: Type.Optional(Type.Unknown()),
        _sourceInclude: Type.Optional(Type.Unknown({ description: 'fields to return' })),
        _sourceExclude: Type.Optional(Type.Unknown({ description: 'fields to leave out' })),
        aggs: Type.Optional(Type.Unknown({ description: 'Elasticsearch aggregations (terms, range)' })),
        groupId: Type.Optional(Type.Unknown()),
        groupToken: Type.Optional(Type.Unknown()),
        heatAt: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: true },
    ),
    Type.Unknown(),
  ]),
  response: SearchResponse,
};
