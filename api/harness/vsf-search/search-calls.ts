/**
 * The catalogue searches an unmodified VSF 1.12.3 client makes, as its code builds them
 * (core/modules/*, core/data-resolver/*, config/default.json), sent through both of its search
 * adapters (core/lib/search/adapter/api — an Elasticsearch body built by storefront-query-builder
 * with bodybuilder 2.2.21 — and core/lib/search/adapter/api-search-query), and what VSF reads
 * from each answer. `replayVsfSearchCalls` (./replay.ts) sends them to a running API and counts
 * the accepted ones (the bench's "N of M calls"); api/test/vsf-search.test.ts runs them in CI.
 */
import type { SearchContext } from './search-context';
import { SearchQuery } from './search-query';
import { VSF_DEFAULTS } from './vsf-defaults';

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
