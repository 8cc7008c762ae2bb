import { vsfRequest, vsfResult } from '../harness/vsf-search/adapters';
import { elasticsearchBody } from '../harness/vsf-search/elasticsearch-body';
import { replayVsfSearchCalls } from '../harness/vsf-search/replay';
import { VSF_SEARCH_CALLS } from '../harness/vsf-search/search-calls';
import { discoverSearchContext, type SearchContext } from '../harness/vsf-search/search-context';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { searchAnswerProblems, searchTypeOf } from './search-contract';

/**
 * VSF 1.12.3's catalogue searches, exactly as its two search adapters send them (bodies
 * checked against storefront-query-builder + bodybuilder 2.2.21), each answered with what its
 * handleResult and callers read — and the shop's own request shape still answered as before.
 */
let server: TestServer;
let ctx: SearchContext;
const SEARCH = '/api/catalog/vue_storefront_catalog';

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  ctx = await discoverSearchContext(server.baseUrl);
});
afterAll(async () => server.close());

const send = async (url: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(server.baseUrl + url, {
    method: init.method ?? 'GET',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
  const body = (await response.json()) as any;
  // Every answer keeps its contract (shared/api-contract CatalogSearchGet/Post), which the API's own check cannot see (written as text).
  if (response.status === 200) expect(searchAnswerProblems(searchTypeOf(url), body)).toEqual([]);
  return { status: response.status, body };
};

describe.each(['GET', 'POST'] as const)('every VSF 1.12 catalogue search through both adapters (queryMethod %s)', (method) => {
  test.each(VSF_SEARCH_CALLS.flatMap((call) => (['api', 'api-search-query'] as const).map((adapter) => [call.call, adapter, call] as const)))(
    '%s (%s)',
    async (_name, adapter, call) => {
      const request = vsfRequest(call, ctx, adapter, method);
      const { status, body } = await send(request.url, { method: request.method, body: request.body });
      expect({ status, body: status === 200 ? 'ok' : body }).toEqual({ status: 200, body: 'ok' });
      const result = vsfResult(body, adapter);
      expect(typeof result === 'string' ? result : call.reads(result, ctx)).toBeUndefined();
      // The shop's own members are in every answer too.
      expect(body).toMatchObject({
        items: expect.any(Array),
        total: expect.any(Number),
        start: expect.any(Number),
        perPage: expect.any(Number),
        aggregations: expect.any(Object),
      });
    },
  );
});

test('the replay the bench counts: every call accepted', async () => {
  const results = await replayVsfSearchCalls(server.baseUrl, ctx);
  expect(results.filter((result) => !result.accepted)).toEqual([]);
  expect(results).toHaveLength(VSF_SEARCH_CALLS.length * 2);
});

describe('filters take effect (nothing silently ignored)', () => {
  const es = (type: string, body: unknown, query = 'size=200') => send(`${SEARCH}/${type}/_search?${query}`, { method: 'POST', body });

  test('a category’s products request answers that category’s products only', async () => {
    const all = await es('product', {});
    const listing = await es('product', { query: { bool: { filter: { terms: { category_ids: [ctx.category.id] } } } } });
    expect(listing.body.hits.total).toBeGreaterThan(0);
    expect(listing.body.hits.total).toBeLessThan(all.body.hits.total);
    for (const hit of listing.body.hits.hits) expect(hit._source.category_ids).toContain(ctx.category.id);
  });

  test.each([
    ['url_path', () => ({ terms: { url_path: [ctx.product.urlPath] } }), (doc: any) => doc.url_path === ctx.product.urlPath],
    ['sku', () => ({ term: { sku: ctx.product.sku } }), (doc: any) => doc.sku === ctx.product.sku],
    [
      'an attribute (colour)',
      () => ({ terms: { color: [ctx.category.colour] } }),
      (doc: any) => [doc.color, ...(doc.configurable_children ?? []).map((c: any) => c.color)].includes(ctx.category.colour),
    ],
    ['a range', () => ({ range: { final_price: { gte: 500, lt: 1500 } } }), (doc: any) => doc.final_price_incl_tax >= 500 && doc.final_price_incl_tax < 1500],
    ['must_not', () => ({ bool: { must_not: { term: { type_id: 'configurable' } } } }), (doc: any) => doc.type_id !== 'configurable'],
  ])('%s filter', async (_name, query, holds) => {
    const { body } = await es('product', { query: query() });
    expect(body.hits.total).toBeGreaterThan(0);
    expect(body.hits.hits.every((hit: any) => holds(hit._source))).toBe(true);
  });

  test('a CMS identifier filter', async () => {
    const { body } = await es('cms_page', { query: { bool: { filter: { terms: { identifier: [ctx.cmsPage] } } } } });
    expect(body.hits.hits.map((hit: any) => hit._source.identifier)).toEqual([ctx.cmsPage]);
  });

  test('sort (object form) and aggregations under the requested names', async () => {
    const { body } = await es('product', {
      query: { bool: { filter: { terms: { category_ids: [ctx.category.id, ...ctx.category.childIds] } } } },
      sort: [{ final_price: { order: 'asc' } }],
      aggs: { colours: { terms: { field: 'color', size: 3 } }, prices: { range: { field: 'price', ranges: [{ to: 1000 }, { from: 1000 }] } } },
      _source: ['sku', 'final_price_incl_tax'],
    });
    const prices = body.hits.hits.map((hit: any) => hit._source.final_price_incl_tax);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.aggregations.colours.buckets.length).toBeLessThanOrEqual(3);
    expect(body.aggregations.prices.buckets.map((bucket: any) => bucket.key)).toEqual(['*-1000.0', '1000.0-*']);
    expect(body.aggregations.prices.buckets[0].doc_count + body.aggregations.prices.buckets[1].doc_count).toBe(body.hits.total);
  });
});

describe('what is outside the subset answers a clear 400', () => {
  test.each<[string, unknown, string]>([
    ['an unsupported query', { query: { wildcard: { sku: 'KF*' } } }, 'Elasticsearch query "wildcard" is not supported'],
    [
      'VSF’s random sort',
      { query: { function_score: { functions: [{ weight: 2, random_score: {} }], min_score: 1.1 } } },
      'function_score.functions[]: "random_score" is not supported',
    ],
    ['a max aggregation (aggregate.maxPrice)', { aggs: { agg_max_price: { max: { field: 'price' } } } }, 'aggs.agg_max_price: "max" is not supported'],
    ['highlighting', { highlight: { fields: { name: {} } } }, 'Elasticsearch request "highlight" is not supported'],
  ])('%s', async (_name, body, message) => {
    const { status, body: answer } = await send(`${SEARCH}/product/_search`, { method: 'POST', body });
    expect(status).toBe(400);
    expect(answer.result).toContain(message);
  });

  test('size is bounded for products (200; 999 facets only), not for the category tree (4000)', async () => {
    expect((await send(`${SEARCH}/product/_search?size=4000`)).body.result).toBe(
      'size must be a whole number from 1 to 200 (products per request; up to 999 with _source_exclude=* for facets only)',
    );
    expect((await send(`${SEARCH}/product/_search?size=999&_source_exclude=*`)).status).toBe(200);
    expect((await send(`${SEARCH}/product/_search?size=1e309`)).status).toBe(400);
    expect((await send(`${SEARCH}/category/_search?size=4000`)).status).toBe(200);
  });

  test('unknown formats are named', async () => {
    expect((await send(`${SEARCH}/product/_search?request_format=graphql`)).body.result).toBe(
      'request_format must be search-query (or absent: the search query or an Elasticsearch body)',
    );
    expect((await send(`${SEARCH}/product/_search?response_format=xml`)).body.result).toBe('response_format must be compact or standard');
  });
});

test('wildcard fields from VSF’s default config select like Elasticsearch, unknown ones are simply absent', async () => {
  const { status, body } = await send(
    `${SEARCH}/product/_search?size=3&_source_include=${encodeURIComponent('sku,*image,*.nothing_here')}&_source_exclude=${encodeURIComponent('*.msrp_display_actual_price_type,*.sgn')}`,
  );
  expect(status).toBe(200);
  for (const hit of body.hits.hits) {
    expect(Object.keys(hit._source).sort()).toEqual(expect.arrayContaining(['image', 'sku']));
    expect(Object.keys(hit._source).every((key) => key === 'sku' || key.endsWith('image') || key === 'configurable_children' || key === 'media_gallery')).toBe(
      true,
    );
  }
});

test("the shop’s own request shape keeps its answer (items, total, aggregations) without VSF's hits: half the bytes", async () => {
  const { status, body } = await send(`${SEARCH}/product/_search`, {
    method: 'POST',
    body: {
      query: {
        _appliedFilters: [{ attribute: 'category_ids', value: { in: [ctx.category.id] } }],
        _availableFilters: [{ field: 'color' }, { field: 'price' }],
      },
      size: 5,
      _sourceInclude: ['sku', 'category_ids'],
    },
  });
  expect(status).toBe(200);
  expect(body.items).toHaveLength(5);
  expect(body).not.toHaveProperty('hits');
  expect(body.aggregations.agg_terms_color.buckets.length).toBeGreaterThan(0);
  expect(body.aggregations.agg_range_price.buckets.length).toBeGreaterThan(0);
});

test('the exact bodies: the listing as storefront-query-builder writes it', () => {
  const call = VSF_SEARCH_CALLS[0];
  const body = elasticsearchBody(call.query(ctx), 'GET') as any;
  expect(body.query.bool.filter.bool.must).toHaveLength(4);
  expect(Object.keys(body.aggs)).toEqual([
    'agg_terms_color',
    'agg_terms_color_options',
    'agg_terms_erin_recommends',
    'agg_terms_erin_recommends_options',
    'agg_terms_price',
    'agg_range_price',
    'agg_terms_size',
    'agg_terms_size_options',
  ]);
});
