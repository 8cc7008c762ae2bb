/* eslint-disable @typescript-eslint/no-explicit-any -- VSF 1's answers are walked as the wire JSON they are; the checks here are what validate them. */
/**
 * The catalogue searches an unmodified VSF 1.12.3 client makes, as its code builds them
 * (core/modules/*, core/data-resolver/*, config/default.json), sent through both of its search
 * adapters (core/lib/search/adapter/api — an Elasticsearch body built by storefront-query-builder
 * with bodybuilder 2.2.21 — and core/lib/search/adapter/api-search-query), and what VSF reads
 * from each answer. `replayVsfSearchCalls` sends them to a running API and counts the
 * accepted ones (the bench's "N of M calls"); api/test/vsf-search.test.ts runs them in CI.
 */

/** VSF 1.12.3 config/default.json: the values these requests carry. */
export const VSF_DEFAULTS = {
  productList: {
    include: [
      'activity',
      'configurable_children.attributes',
      'configurable_children.id',
      'configurable_children.final_price',
      'configurable_children.color',
      'configurable_children.original_price',
      'configurable_children.original_price_incl_tax',
      'configurable_children.price',
      'configurable_children.price_incl_tax',
      'configurable_children.size',
      'configurable_children.sku',
      'configurable_children.special_price',
      'configurable_children.special_price_incl_tax',
      'configurable_children.tier_prices',
      'final_price',
      'id',
      'image',
      'name',
      'new',
      'original_price_incl_tax',
      'original_price',
      'price',
      'price_incl_tax',
      'product_links',
      'sale',
      'special_price',
      'special_to_date',
      'special_from_date',
      'special_price_incl_tax',
      'status',
      'tax_class_id',
      'tier_prices',
      'type_id',
      'url_path',
      'url_key',
      '*image',
      '*sku',
      '*small_image',
    ],
    exclude: [
      'attribute_set_id',
      'configurable_options',
      'description',
      'sgn',
      '*.sgn',
      'msrp_display_actual_price_type',
      '*.msrp_display_actual_price_type',
      'required_options',
      'media_gallery',
      'stock.use_config_min_qty',
      'stock.use_config_notify_stock_qty',
      'stock.stock_id',
      'stock.use_config_backorders',
      'stock.use_config_enable_qty_inc',
      'stock.enable_qty_increments',
      'stock.use_config_manage_stock',
      'stock.use_config_min_sale_qty',
      'stock.notify_stock_qty',
      'stock.use_config_max_sale_qty',
      'stock.use_config_max_sale_qty',
      'stock.qty_increments',
      'stock.stock_status_changed_auto',
      'stock.show_default_notification_message',
      'stock.use_config_qty_increments',
      'stock.is_decimal_divided',
    ],
  },
  productExclude: [
    'attribute_set_id',
    'created_at',
    'has_options',
    'msrp_display_actual_price_type',
    '*.msrp_display_actual_price_type',
    'options_container',
    'required_options',
    'small_image',
    'stock.enable_qty_increments',
    'stock.is_decimal_divided',
    'stock.manage_stock',
    'stock.notify_stock_qty',
    'stock.qty_increments',
    'stock.show_default_notification_message',
    'stock.stock_id',
    'stock.stock_status_changed_auto',
    'stock.use_config_qty_increments',
    'stock.use_config_min_qty',
    'stock.use_config_notify_stock_qty',
    'stock.use_config_backorders',
    'stock.use_config_enable_qty_inc',
    'stock.use_config_manage_stock',
    'stock.use_config_min_sale_qty',
    'stock.use_config_max_sale_qty',
    'sgn',
    '*.sgn',
    'updated_at',
  ],
  category: {
    include: [
      'children_count',
      'id',
      'is_active',
      'level',
      'name',
      'parent_id',
      'path',
      'position',
      'product_count',
      'sku',
      'url_key',
      'url_path',
      '*.children_data.id',
      '*.id',
    ],
    exclude: ['sgn'],
  },
  attributeInclude: [
    'activity',
    'attribute_code',
    'attribute_id',
    'default_frontend_label',
    'default_value',
    'entity_type_id',
    'frontend_input',
    'frontend_label',
    'id',
    'is_user_defined',
    'is_visible_on_front',
    'is_visible',
    'is_comparable',
    'options',
    'tier_prices',
  ],
  defaultFilters: ['color', 'erin_recommends', 'price', 'size'],
  filterAggregationSize: 10,
  priceFilterKey: 'final_price',
  priceRanges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }],
  searchableFields: ['name^4', 'sku^2', 'category.name^1'],
  minScore: 0.02,
  maxFiltersQuerySize: 999,
} as const;

/** storefront-query-builder's SearchQuery, as JSON.stringify writes it (applyFilter's default options is a function: dropped). */
export interface SearchQueryJson {
  _availableFilters: Array<{ field: string; scope: string; options: Record<string, unknown> }>;
  _appliedFilters: Array<{ attribute: string; value: Record<string, unknown>; scope: string }>;
  _appliedSort: Array<{ field: string; options: string }>;
  _searchText: string;
}

class SearchQuery implements SearchQueryJson {
  _availableFilters: SearchQueryJson['_availableFilters'] = [];
  _appliedFilters: SearchQueryJson['_appliedFilters'] = [];
  _appliedSort: SearchQueryJson['_appliedSort'] = [];
  _searchText = '';
  applyFilter({ key, value, scope = 'default' }: { key: string; value: Record<string, unknown>; scope?: string }): this {
    this._appliedFilters.push({ attribute: key, value, scope });
    return this;
  }
  addAvailableFilter({ field, scope = 'default' }: { field: string; scope?: string }): this {
    this._availableFilters.push({ field, scope, options: {} });
    return this;
  }
  setSearchText(text: string): this {
    this._searchText = text;
    return this;
  }
}

type Clause = Record<string, unknown>;

/**
 * What storefront-query-builder (elasticsearch/body.ts) and bodybuilder 2.2.21 make of the
 * SearchQuery forms VSF's core uses: default-scope filters (in/eq → terms, range operators →
 * range, anything else such as like → terms of its values), catalogue-scope filters (the
 * attribute, or its `_options` on a configurable), catalogue aggregations, the search text
 * (function_score around a multi_match and SKU lookups), min_score. Checked against the real
 * libraries when these shapes were written.
 */
export function elasticsearchBody(query: SearchQueryJson, method: 'GET' | 'POST'): Record<string, unknown> {
  if (query._appliedFilters.length === 0) return {};
  const ranges = ['gt', 'lt', 'gte', 'lte', 'moreq', 'from', 'to'];
  const first = (value: Record<string, unknown>) => {
    const one = value[Object.keys(value)[0]];
    return Array.isArray(one) ? one : [one];
  };
  const filters: Clause[] = [];
  for (const { attribute, value, scope } of query._appliedFilters) {
    if (scope !== 'default') continue;
    const operator = Object.keys(value)[0];
    if (Object.keys(value).every((key) => ranges.includes(key))) filters.push({ range: { [attribute]: value } });
    else if (operator === 'in' || operator === 'eq') filters.push({ terms: { [attribute]: first(value) } });
    else if (operator === 'nin' || operator === 'neq') throw new Error('not used by the calls here');
    else filters.push({ terms: { [attribute]: first(value) } });
  }
  for (const { attribute, value, scope } of query._appliedFilters) {
    if (scope !== 'catalog') continue;
    const isRange = Object.keys(value).some((key) => ranges.includes(key));
    const own = isRange ? { range: { [attribute === 'price' ? VSF_DEFAULTS.priceFilterKey : attribute]: value } } : { terms: { [attribute]: first(value) } };
    const options = isRange ? own : { terms: { [`${attribute}_options`]: first(value) } };
    filters.push({ bool: { should: [own, { bool: { must: [options, { match: { type_id: 'configurable' } }] } }] } });
  }
  const aggs: Record<string, Clause> = {};
  for (const { field, scope } of query._availableFilters) {
    if (scope !== 'catalog') continue;
    if (field !== 'price') {
      aggs[`agg_terms_${field}`] = { terms: { field, size: VSF_DEFAULTS.filterAggregationSize } };
      aggs[`agg_terms_${field}_options`] = { terms: { field: `${field}_options`, size: VSF_DEFAULTS.filterAggregationSize } };
    } else {
      aggs.agg_terms_price = { terms: { field: 'price' } };
      aggs.agg_range_price = { range: { field: 'price', ranges: VSF_DEFAULTS.priceRanges } };
    }
  }
  const bool: Clause = { filter: filters.length === 1 ? filters[0] : { bool: { must: filters } } };
  const text = query._searchText;
  if (text !== '') {
    bool.must = {
      function_score: {
        functions: [{ filter: { match: { attribute_code: 'attribute_value' } }, weight: 1 }],
        score_mode: 'multiply',
        boost_mode: 'multiply',
        max_boost: 100,
        min_score: 1,
        query: {
          bool: {
            should: [
              {
                multi_match: {
                  fields: VSF_DEFAULTS.searchableFields,
                  query: text,
                  operator: 'or',
                  fuzziness: 2,
                  cutoff_frequency: 0.01,
                  max_expansions: 3,
                  prefix_length: 2,
                  // multimatch.ts: a GET carries "%" URL-encoded once more.
                  minimum_should_match: method === 'GET' ? '75%25' : '75%',
                  tie_breaker: '1',
                },
              },
              {
                bool: {
                  should: [
                    { terms: { 'configurable_children.sku': text.split('-') } },
                    { match_phrase: { sku: { query: text, boost: 1 } } },
                    { match_phrase: { 'configurable_children.sku': { query: text, boost: 1 } } },
                  ],
                },
              },
            ],
          },
        },
      },
    };
  }
  const body: Record<string, unknown> = { query: { bool } };
  if (Object.keys(aggs).length > 0) body.aggs = aggs;
  if (query._appliedSort.length > 0) body.sort = query._appliedSort.map(({ field, options }) => ({ [field]: { order: options } }));
  if (text !== '') body.min_score = VSF_DEFAULTS.minScore;
  return body;
}

/** What the shop is asked about: found through its own search before the replay. */
export interface SearchContext {
  /** A category with products, its subcategory ids (children_data) and a colour its products have. */
  category: { id: number; childIds: number[]; colour: number; urlPath: string; withColour: { total: number; skus: string[] } };
  /** A configurable product: its id, sku, url_path, one variant sku and SKUs to show as related. */
  product: { id: number; sku: string; urlPath: string; childSku: string; relatedSkus: string[] };
  text: string;
  attributeCodes: string[];
  activeCategories: number;
  cmsPage: string;
  cmsBlocks: string[];
  /** A product with approved reviews. */
  reviewedProductId: number;
}

/** What VSF's handleResult gives its callers, from either answer format. */
export interface VsfResult {
  items: Array<Record<string, any>>;
  total: number;
  aggregations: Record<string, { buckets: Array<{ key: unknown; doc_count: number }> }> | undefined;
}

export interface VsfSearchCall {
  call: string;
  /** Where VSF 1.12.3 builds it. */
  source: string;
  type: string;
  query: (ctx: SearchContext) => SearchQuery;
  size: number;
  from?: number;
  sort?: string;
  include?: readonly string[];
  exclude?: readonly string[];
  /** Why the answer would not do for VSF's code (undefined = it does). */
  reads: (result: VsfResult, ctx: SearchContext) => string | undefined;
}

const need = (condition: unknown, what: string): string | undefined => (condition ? undefined : what);
const firstOf = (...checks: Array<string | undefined>) => checks.find((check) => check !== undefined);

/** core/helpers/index.ts baseFilterProductsQuery + buildFilterProductsQuery with VSF's default filters. */
function categoryProducts(ctx: SearchContext, chosenColour: boolean): SearchQuery {
  const query = new SearchQuery().applyFilter({ key: 'visibility', value: { in: [2, 3, 4] } }).applyFilter({ key: 'status', value: { in: [0, 1] } });
  for (const field of VSF_DEFAULTS.defaultFilters) query.addAvailableFilter({ field, scope: 'catalog' });
  query.applyFilter({ key: 'category_ids', value: { in: [ctx.category.id, ...ctx.category.childIds] } });
  if (chosenColour) query.applyFilter({ key: 'color', value: { eq: ctx.category.colour }, scope: 'catalog' });
  return query;
}

/** The listing's tiles carry no category_ids: its products are checked against the shop's own answer. */
const inCategory = (ctx: SearchContext) => (item: Record<string, any>) => ctx.category.withColour.skus.includes(item.sku);

export const VSF_SEARCH_CALLS: VsfSearchCall[] = [
  {
    call: 'category products (listing, a colour chosen)',
    source: 'core/modules/catalog-next/store/category/actions.ts loadCategoryProducts',
    type: 'product',
    query: (ctx) => categoryProducts(ctx, true),
    size: 50,
    sort: 'updated_at:desc',
    include: VSF_DEFAULTS.productList.include,
    exclude: VSF_DEFAULTS.productList.exclude,
    reads: (result, ctx) =>
      firstOf(
        need(result.total > 0 && result.items.length > 0, 'no products'),
        need(result.total === ctx.category.withColour.total, `${result.total} products, not the category’s ${ctx.category.withColour.total} in that colour`),
        need(result.items.every(inCategory(ctx)), 'a product of another category or colour'),
        need(
          result.items.every((item) => item.sku && item.url_path && item.final_price !== undefined && item.image),
          'tiles without sku, url_path, final_price or image',
        ),
        need(result.aggregations?.agg_terms_color?.buckets?.length, 'no agg_terms_color'),
        // The ES body carries VSF's 4 price ranges; with search-query the server's own ranges apply (the shop's price buckets).
        need(result.aggregations?.agg_range_price?.buckets?.length, 'no agg_range_price'),
      ),
  },
  {
    call: 'category filters (facets only, size 999)',
    source: 'core/modules/catalog-next/store/category/actions.ts loadCategoryFilters',
    type: 'product',
    query: (ctx) => categoryProducts(ctx, false),
    size: VSF_DEFAULTS.maxFiltersQuerySize,
    exclude: ['*'],
    reads: (result) =>
      firstOf(
        need(result.total > 0, 'no products counted'),
        need(
          result.items.every((item) => Object.keys(item).filter((key) => key !== '_score' && key !== 'slug').length === 0),
          'documents carry fields though _source_exclude=*',
        ),
        need(result.aggregations?.agg_terms_color?.buckets?.length, 'no agg_terms_color'),
      ),
  },
  {
    call: 'product by url_path',
    source: 'core/data-resolver/ProductService.ts getProduct (product/single, key url_path)',
    type: 'product',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'url_path', value: { eq: ctx.product.urlPath } }),
    size: 1,
    exclude: VSF_DEFAULTS.productExclude,
    reads: (result, ctx) =>
      firstOf(
        need(result.items.length === 1 && result.items[0].url_path === ctx.product.urlPath, 'not the product at that url_path'),
        need(result.items[0]?.configurable_children?.length && result.items[0]?.configurable_options, 'no configurable_children / configurable_options'),
        need(!('small_image' in (result.items[0] ?? {})) && !('updated_at' in (result.items[0] ?? {})), 'excluded fields are there'),
      ),
  },
  {
    call: 'product by sku',
    source: 'core/data-resolver/ProductService.ts getProduct (product/single, key sku)',
    type: 'product',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'sku', value: { eq: ctx.product.sku } }),
    size: 1,
    exclude: VSF_DEFAULTS.productExclude,
    reads: (result, ctx) =>
      need(result.total === 1 && result.items[0]?.sku === ctx.product.sku && result.items[0]?.id === ctx.product.id, 'not exactly the product with that sku'),
  },
  {
    call: 'configurable parent of a variant (configurable children)',
    source: 'core/modules/catalog/store/product/actions.ts findConfigurableParent',
    type: 'product',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'configurable_children.sku', value: { eq: ctx.product.childSku } }),
    size: 50,
    exclude: VSF_DEFAULTS.productExclude,
    reads: (result, ctx) =>
      need(
        result.total === 1 &&
          result.items[0]?.sku === ctx.product.sku &&
          result.items[0].configurable_children?.some((child: any) => child.sku === ctx.product.childSku),
        'not the parent carrying that variant',
      ),
  },
  {
    call: 'related products',
    source: 'core/modules/catalog/queries/related.js prepareRelatedQuery (theme Related.vue, size 8)',
    type: 'product',
    query: (ctx) =>
      new SearchQuery()
        .applyFilter({ key: 'sku', value: { in: ctx.product.relatedSkus } })
        .applyFilter({ key: 'visibility', value: { in: [2, 3, 4] } })
        .applyFilter({ key: 'status', value: { in: [1] } }),
    size: 8,
    exclude: VSF_DEFAULTS.productExclude,
    reads: (result, ctx) => need(result.total > 0 && result.items.every((item) => ctx.product.relatedSkus.includes(item.sku)), 'not (only) the related SKUs'),
  },
  {
    call: 'search by text',
    source: 'core/modules/catalog/queries/searchPanel.js prepareQuickSearchQuery (components/Search.ts, size 18)',
    type: 'product',
    query: (ctx) =>
      new SearchQuery()
        .setSearchText(ctx.text)
        .applyFilter({ key: 'visibility', value: { in: [3, 4] } })
        .applyFilter({ key: 'status', value: { in: [0, 1] } }),
    size: 18,
    exclude: VSF_DEFAULTS.productExclude,
    reads: (result, ctx) =>
      firstOf(
        need(result.total > 0 && result.items.length > 0, 'nothing found'),
        need(
          result.items.some((item) => String(item.name).toLowerCase().includes(ctx.text.toLowerCase())),
          'no product named with the text',
        ),
        need(
          result.items.every((item) => typeof item._score === 'number'),
          'no _score',
        ),
      ),
  },
  {
    call: 'attribute metadata by code',
    source: 'core/modules/catalog/store/attribute/actions.ts list (createAttributesListQuery, size 150)',
    type: 'attribute',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'attribute_code', value: { in: ctx.attributeCodes } }),
    size: 150,
    include: VSF_DEFAULTS.attributeInclude,
    reads: (result, ctx) =>
      need(
        result.items.length === ctx.attributeCodes.length &&
          result.items.every((item) => ctx.attributeCodes.includes(item.attribute_code) && Array.isArray(item.options) && item.attribute_id),
        'not the attributes asked, with ids and options',
      ),
  },
  {
    call: 'category tree',
    source: 'core/data-resolver/CategoryService.ts getCategories (size 4000, position:asc)',
    type: 'category',
    query: () => new SearchQuery().applyFilter({ key: 'is_active', value: { eq: true } }),
    size: 4000,
    sort: 'position:asc',
    include: VSF_DEFAULTS.category.include,
    exclude: VSF_DEFAULTS.category.exclude,
    reads: (result, ctx) =>
      firstOf(
        need(result.total === ctx.activeCategories && result.items.length === ctx.activeCategories, `not the ${ctx.activeCategories} active categories`),
        need(
          result.items.every((item) => item.id && item.name && item.url_path !== undefined && item.is_active === true),
          'categories without id, name, url_path',
        ),
        need(
          result.items.some((item) => item.children_data?.some((child: any) => child.id)),
          'no children_data ids',
        ),
      ),
  },
  {
    call: 'category by url_path',
    source: 'core/data-resolver/CategoryService.ts getCategories (filters: {url_path})',
    type: 'category',
    query: (ctx) =>
      new SearchQuery().applyFilter({ key: 'url_path', value: { eq: ctx.category.urlPath } }).applyFilter({ key: 'is_active', value: { eq: true } }),
    size: 4000,
    sort: 'position:asc',
    include: VSF_DEFAULTS.category.include,
    exclude: VSF_DEFAULTS.category.exclude,
    reads: (result, ctx) => need(result.total === 1 && result.items[0]?.id === ctx.category.id, 'not the one category at that url_path'),
  },
  {
    call: 'tax rules',
    source: 'core/modules/catalog/store/tax/actions.ts list (new SearchQuery())',
    type: 'taxrule',
    query: () => new SearchQuery(),
    size: 50,
    reads: (result) => need(result.total > 0 && result.items.every((item) => Array.isArray(item.rates) && item.rates.length > 0), 'no tax rules with rates'),
  },
  {
    call: 'CMS page by identifier',
    source: 'core/modules/cms/store/page/actions.ts single (createSinglePageLoadQuery: identifier like)',
    type: 'cms_page',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'identifier', value: { like: ctx.cmsPage } }),
    size: 50,
    reads: (result, ctx) => need(result.items[0]?.identifier === ctx.cmsPage && result.items[0]?.content, 'not the page with that identifier'),
  },
  {
    call: 'CMS blocks by identifiers',
    source: 'core/modules/cms/store/block/actions.ts list (createLoadingBlockQuery: identifier like [list], size 150)',
    type: 'cms_block',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'identifier', value: { like: ctx.cmsBlocks } }),
    size: 150,
    reads: (result, ctx) =>
      need(
        ctx.cmsBlocks.every((identifier) => result.items.some((item) => item.identifier === identifier && item.content)),
        'not every block asked',
      ),
  },
  {
    call: 'reviews of a product',
    source: 'core/modules/review/store/actions.ts list (createLoadReviewsQuery: product_id, review_status 1)',
    type: 'review',
    query: (ctx) =>
      new SearchQuery().applyFilter({ key: 'product_id', value: { eq: ctx.reviewedProductId } }).applyFilter({ key: 'review_status', value: { eq: 1 } }),
    size: 50,
    reads: (result, ctx) =>
      need(
        result.total > 0 &&
          result.items.every((item) => item.product_id === ctx.reviewedProductId && item.title && item.detail && item.nickname && item.created_at),
        'no reviews with title, detail, nickname, created_at',
      ),
  },
  {
    call: 'CMS hierarchy',
    source: 'core/modules/cms/store/hierarchy/actions.ts list (createHierarchyLoadQuery: identifier eq)',
    type: 'cms_hierarchy',
    query: (ctx) => new SearchQuery().applyFilter({ key: 'identifier', value: { eq: ctx.cmsPage } }),
    size: 50,
    reads: (result, ctx) =>
      need(
        result.total === 1 && result.items[0]?.identifier === ctx.cmsPage && result.items[0]?.xpath && result.items[0]?.request_url,
        'not the page’s hierarchy node',
      ),
  },
];

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

export interface SearchReplayResult {
  call: string;
  accepted: boolean;
  why?: string;
}

/** Sends each call through both adapters (GET, VSF's default query method) and checks what VSF reads. */
export async function replayVsfSearchCalls(baseUrl: string, ctx: SearchContext, method: 'GET' | 'POST' = 'GET'): Promise<SearchReplayResult[]> {
  const results: SearchReplayResult[] = [];
  for (const call of VSF_SEARCH_CALLS) {
    for (const adapter of ['api', 'api-search-query'] as const) {
      const name = `search: ${call.call} (${adapter})`;
      try {
        const request = vsfRequest(call, ctx, adapter, method);
        const response = await fetch(baseUrl + request.url, {
          method: request.method,
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          ...(request.body ? { body: request.body } : {}),
        });
        const answer = await response.json().catch(() => null);
        const result = response.ok ? vsfResult(answer, adapter) : `HTTP ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`;
        const why = typeof result === 'string' ? result : call.reads(result, ctx);
        results.push(why ? { call: name, accepted: false, why } : { call: name, accepted: true });
      } catch (error) {
        results.push({ call: name, accepted: false, why: `request failed: ${(error as Error).message}` });
      }
    }
  }
  return results;
}

/**
 * The context, found as a shopper's client would: through the shop's own search (spec
 * format). A category with subcategories and products, a configurable product in it, …
 */
export async function discoverSearchContext(baseUrl: string): Promise<SearchContext> {
  const search = async (type: string, body: unknown): Promise<any> => {
    const response = await fetch(`${baseUrl}/api/catalog/vue_storefront_catalog/${type}/_search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${type} search: HTTP ${response.status}`);
    return response.json();
  };
  const listed = [
    { attribute: 'visibility', value: { in: [2, 3, 4] } },
    { attribute: 'status', value: { in: [0, 1] } },
  ];
  const categories = (await search('category', { size: 4000, query: { _appliedFilters: [{ attribute: 'is_active', value: { eq: true } }] } })).items as any[];
  const product = (await search('product', { size: 1, query: { _appliedFilters: [...listed, { attribute: 'type_id', value: { eq: 'configurable' } }] } }))
    .items[0];
  // Its category with subcategories if it has one (the listing then asks for them too).
  const own = categories.filter((category) => product.category_ids.includes(category.id) && category.level >= 2);
  const parent = own.find((category) => category.children_data?.length) ?? own[own.length - 1];
  const childIds: number[] = [];
  const walk = (node: any) => {
    for (const child of node.children_data ?? []) {
      childIds.push(child.id);
      walk(child);
    }
  };
  walk(parent);
  const inParent = { attribute: 'category_ids', value: { in: [parent.id, ...childIds] } };
  const colours = await search('product', { size: 1, query: { _appliedFilters: [...listed, inParent], _availableFilters: [{ field: 'color' }] } });
  const colour = Number(colours.aggregations.agg_terms_color.buckets[0].key);
  const withColour = await search('product', {
    size: 200,
    _sourceInclude: ['sku'],
    query: { _appliedFilters: [...listed, inParent, { attribute: 'color', value: { eq: colour } }] },
  });
  const others = (
    await search('product', { size: 4, query: { _appliedFilters: [...listed, { attribute: 'sku', value: { nin: [product.sku] } }] }, _sourceInclude: ['sku'] })
  ).items as any[];
  const pages = (await search('cms_page', { size: 50, query: { _appliedFilters: [{ attribute: 'active', value: { eq: true } }] } })).items as any[];
  const blocks = (await search('cms_block', { size: 50, query: { _appliedFilters: [{ attribute: 'active', value: { eq: true } }] } })).items as any[];
  let reviewedProductId = product.id;
  for (const candidate of (
    await search('product', {
      size: 50,
      query: { _appliedFilters: [...listed, { attribute: 'type_id', value: { in: ['simple', 'configurable'] } }] },
      _sourceInclude: ['id'],
    })
  ).items as any[]) {
    const reviews = await fetch(`${baseUrl}/api/review/list/${candidate.id}?size=1`)
      .then((response) => response.json())
      .catch(() => null);
    if (reviews?.result?.total > 0) {
      reviewedProductId = candidate.id;
      break;
    }
  }
  const word =
    String(product.name)
      .split(/\s+/)
      .find((part: string) => part.length >= 5) ?? String(product.name).split(/\s+/)[0];
  return {
    category: {
      id: parent.id,
      childIds,
      colour,
      urlPath: parent.url_path,
      withColour: { total: withColour.total, skus: withColour.items.map((item: any) => item.sku) },
    },
    product: {
      id: product.id,
      sku: product.sku,
      urlPath: product.url_path,
      childSku: product.configurable_children[0].sku,
      relatedSkus: others.map((item) => item.sku),
    },
    text: word,
    attributeCodes: ['color', 'manufacturer'],
    activeCategories: categories.length,
    cmsPage: (pages.find((page) => page.parent_identifier) ?? pages[0]).identifier,
    cmsBlocks: blocks.slice(0, 2).map((block) => block.identifier),
    reviewedProductId,
  };
}
