import { TILE_FIELDS, heatOutput } from '@kaloryfer/domain';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { searchAnswerProblems, searchTypeOf } from './search-contract';

/** The catalogue endpoints over real HTTP against a seeded SQLite catalogue. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

const SEARCH = '/api/catalog/vue_storefront_catalog';
const json = async (path: string, init?: RequestInit) => {
  const response = await fetch(server.baseUrl + path, init);
  const body = await response.json();
  // A search answer keeps its contract too (written as text, so the API's own check cannot see it).
  if (response.status === 200 && path.includes('/_search')) expect(searchAnswerProblems(searchTypeOf(path), body)).toEqual([]);
  return { status: response.status, headers: response.headers, body };
};
const post = (path: string, body: unknown) => json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];

describe('catalogue search', () => {
  test('a category listing: one call gives the page, the total and every facet', async () => {
    const { status, body } = await post(`${SEARCH}/product/_search`, {
      query: {
        _appliedFilters: [...LISTED, { attribute: 'category_ids', value: { in: [3] } }],
        _availableFilters: ['color', 'manufacturer', 'material', 'delivery', 'price', 'power_75_65_20', 'width', 'height'].map((field) => ({ field })),
      },
      size: 20,
      from: 0,
      sort: 'price:asc',
      _sourceInclude: ['sku', 'name', 'final_price_incl_tax', 'category_ids', 'visibility', 'status', 'stock'],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ start: 0, perPage: 20 });
    expect(body.total).toBeGreaterThan(20);
    expect(body.items).toHaveLength(20);
    for (const item of body.items) {
      expect(item.category_ids).toContain(3);
      expect([2, 3, 4]).toContain(item.visibility);
      expect(item.stock.is_in_stock).toBe(true);
      expect(Object.keys(item).sort()).toEqual(['category_ids', 'final_price_incl_tax', 'name', 'sku', 'status', 'stock', 'visibility']);
    }
    const prices = body.items.map((item: { final_price_incl_tax: number }) => item.final_price_incl_tax);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(Object.keys(body.aggregations).sort()).toEqual([
      'agg_range_height',
      'agg_range_power_75_65_20',
      'agg_range_price',
      'agg_range_width',
      'agg_terms_color',
      'agg_terms_color_options',
      'agg_terms_delivery',
      'agg_terms_manufacturer',
      'agg_terms_material',
    ]);
    const priceTotal = body.aggregations.agg_range_price.buckets.reduce((sum: number, bucket: { doc_count: number }) => sum + bucket.doc_count, 0);
    expect(priceTotal).toBe(body.total);
    expect(body.aggregations.agg_range_price.buckets[4]).toMatchObject({ key: '5000.0-*', from: 5000, to: null });
  });

  test('the next page starts at start + perPage and does not repeat products', async () => {
    const page = (from: number) => post(`${SEARCH}/product/_search`, { query: { _appliedFilters: LISTED }, size: 20, from, _sourceInclude: ['sku'] });
    const [first, second] = await Promise.all([page(0), page(20)]);
    const skus = [...first.body.items, ...second.body.items].map((item: { sku: string }) => item.sku);
    expect(new Set(skus).size).toBe(40);
    expect(second.body.start).toBe(20);
  });

  test('GET with request= answers the same as POST', async () => {
    const query = { _appliedFilters: [...LISTED, { attribute: 'bestseller', value: { eq: 1 } }] };
    const viaGet = await json(`${SEARCH}/product/_search?size=8&_source_include=sku&request=${encodeURIComponent(JSON.stringify(query))}`);
    const viaPost = await post(`${SEARCH}/product/_search`, { query, size: 8, _sourceInclude: 'sku' });
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(viaGet.body.items).toHaveLength(8);
  });

  test('text search: diacritics-insensitive, bathroom radiators first for "grzejnik łazienkowy"', async () => {
    const { body } = await post(`${SEARCH}/product/_search`, {
      query: { _searchText: 'grzejnik lazienkowy', _appliedFilters: LISTED },
      size: 10,
      _sourceInclude: ['name', 'category_ids'],
    });
    expect(body.total).toBeGreaterThan(10);
    for (const item of body.items) expect(item.category_ids).toContain(6);
    for (const item of body.items) expect(item._score).toBeGreaterThan(0.02);
    const valves = await post(`${SEARCH}/product/_search`, { query: { _searchText: 'zawor termostatyczny' }, size: 3, _sourceInclude: ['name'] });
    expect(valves.body.items[0].name).toMatch(/^Zawór termostatyczny/);
  });

  test('the home page rails: new, bestsellers and exclusive collection, 8 each', async () => {
    const rail = (filter: object) =>
      post(`${SEARCH}/product/_search`, {
        query: { _appliedFilters: [...LISTED, filter, { attribute: 'image', value: { exists: true } }] },
        size: 8,
        sort: 'id:desc',
        _sourceInclude: ['sku', 'id'],
      });
    const [news, bestsellers, exclusive] = await Promise.all([
      rail({ attribute: 'news_to_date', value: { gte: '2026-11-21' } }),
      rail({ attribute: 'bestseller', value: { eq: 1 } }),
      rail({ attribute: 'flag', value: { eq: 1 } }),
    ]);
    for (const { body } of [news, bestsellers, exclusive]) expect(body.items.length).toBeGreaterThan(0);
    const ids = news.body.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  test('categories (size 4000, position:asc), attributes by code, the tax rule', async () => {
    const categories = await post(`${SEARCH}/category/_search`, {
      size: 4000,
      sort: 'position:asc',
      query: { _appliedFilters: [{ attribute: 'parent_id', value: { eq: 2 } }] },
    });
    expect(categories.body.items.map((c: { slug: string }) => c.slug)).toEqual([
      'grzejniki-dekoracyjne',
      'grzejniki-lazienkowe',
      'grzejniki-pokojowe',
      'akcesoria',
      'montaz-i-poradniki',
    ]);
    const byPath = await post(`${SEARCH}/category/_search`, {
      query: { _appliedFilters: [{ attribute: 'url_path', value: { eq: 'grzejniki-lazienkowe/grzejniki-drabinkowe' } }] },
    });
    expect(byPath.body.items[0]).toMatchObject({ id: 7, h1_text: 'Grzejniki łazienkowe drabinkowe' });
    const attributes = await post(`${SEARCH}/attribute/_search`, {
      size: 150,
      query: { _appliedFilters: [{ attribute: 'attribute_code', value: { in: ['color', 'manufacturer'] } }] },
    });
    expect(attributes.body.items.map((a: { frontend_label: string }) => a.frontend_label)).toEqual(['Kolor', 'Producent']);
    expect(attributes.body.items[0].options[0]).toMatchObject({ label: 'Biały', swatch: '#F4F4F0' });
    const taxRules = await json(`${SEARCH}/taxrule/_search`);
    expect(taxRules.body.items[0].rates[0]).toMatchObject({ rate: 23, tax_country_id: 'PL' });
  });

  test('CMS through the search: page by identifier, blocks by like', async () => {
    const page = await post(`${SEARCH}/cms_page/_search`, { query: { _appliedFilters: [{ attribute: 'identifier', value: { eq: 'zwroty' } }] } });
    expect(page.body.items[0].title).toBe('Zwroty i reklamacje');
    const blocks = await post(`${SEARCH}/cms_block/_search`, {
      size: 150,
      from: 0,
      query: { _appliedFilters: [{ attribute: 'identifier', value: { like: 'home-usp' } }] },
    });
    expect(blocks.body.total).toBe(4);
  });

  test.each([
    [{ size: 0 }, 'size must be a whole number from 1 to 200 (products per request; up to 999 with _source_exclude=* for facets only)'],
    [{ size: 201 }, 'size must be a whole number from 1 to 200 (products per request; up to 999 with _source_exclude=* for facets only)'],
    [{ from: -1 }, 'from must be a whole number from 0 to 1000000'],
    [{ query: { _appliedFilters: [{ attribute: 'delivery', value: { in: ['2-3'] } }] } }, 'delivery accepts only 24h, 7-14, 15-30, 31-60, got "2-3"'],
    [
      { query: { _appliedFilters: [{ attribute: 'price', value: { near: 5 } }] } },
      'filter price: unsupported operator "near" (use in, nin, eq, neq, gt, gte, lt, lte, like, exists)',
    ],
    [{ sort: 'price:up' }, 'sort price: order must be asc or desc'],
  ])('bad search %j → 400 "%s"', async (body, message) => {
    expect(await post(`${SEARCH}/product/_search`, body)).toMatchObject({ status: 400, body: { code: 400, result: message } });
  });

  test('tier prices: everyone sees the all-groups tiers; the group in a signed groupToken sees its own too', async () => {
    const tierGroups = async (extra: Record<string, unknown>) => {
      const { status, body } = await post(`${SEARCH}/product/_search`, {
        query: { _appliedFilters: [{ attribute: 'tier_prices', value: { exists: true } }, ...LISTED] },
        size: 50,
        _sourceInclude: ['sku', 'tier_prices'],
        ...extra,
      });
      expect(status).toBe(200);
      return new Set(
        (body.items as { tier_prices: { customer_group_id: number }[] }[]).flatMap((item) => item.tier_prices.map((tier) => tier.customer_group_id)),
      );
    };
    const installerToken = server.app.groupTokens.sign(2);
    expect([...(await tierGroups({}))]).toEqual([32000]);
    expect([...(await tierGroups({ groupToken: installerToken }))].sort()).toEqual([2, 32000]);
    // The token outranks a groupId the client claims, and works in the GET form too.
    expect([...(await tierGroups({ groupToken: server.app.groupTokens.sign(1), groupId: 2 }))]).toEqual([32000]);
    const viaGet = await json(
      `${SEARCH}/product/_search?size=5&_source_include=tier_prices&groupToken=${installerToken}&request=${encodeURIComponent(JSON.stringify({ _appliedFilters: [{ attribute: 'tier_prices', value: { exists: true } }] }))}`,
    );
    expect(
      viaGet.body.items.some((item: { tier_prices: { customer_group_id: number }[] }) => item.tier_prices.some((tier) => tier.customer_group_id === 2)),
    ).toBe(true);
    const [payload] = installerToken.split('.');
    for (const forged of [`${payload}.not-the-signature`, 'garbage', 42]) {
      expect(await post(`${SEARCH}/product/_search`, { size: 1, groupToken: forged })).toMatchObject({
        status: 400,
        body: { result: 'groupToken is not valid: sign in again' },
      });
    }
  });

  test('bad requests in the URL and the body are 4xx, never 500', async () => {
    expect(await json(`${SEARCH}/product/_search?request=%7Bbroken`)).toMatchObject({
      status: 400,
      body: { result: 'request must be JSON (the search query)' },
    });
    expect(await json(`${SEARCH}/orders/_search`)).toMatchObject({
      status: 400,
      body: { result: 'type must be one of product, category, attribute, taxrule, cms_page, cms_block, cms_hierarchy, review' },
    });
    expect(await json('/api/catalog/other_index/product/_search')).toMatchObject({ status: 404, body: { result: 'Unknown catalogue index: other_index' } });
    expect(
      (await fetch(`${server.baseUrl}${SEARCH}/product/_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' }))
        .status,
    ).toBe(400);
    expect(await post(`${SEARCH}/product/_search`, [1, 2])).toMatchObject({
      status: 400,
      body: { result: 'the body must be a JSON object (the search query)' },
    });
  });
});

describe("heat output at the shopper's temperatures", () => {
  interface Powered {
    sku: string;
    power_75_65_20?: number;
    heat_exponent?: number;
    configurable_children?: { power_75_65_20?: number }[];
  }
  const at = { supply: 45, return: 35, room: 20 };
  // The most a product (or any of its variants) gives at 45/35/20, computed here with the shared formula.
  const best = (product: Powered) =>
    Math.max(
      0,
      ...[product.power_75_65_20, ...(product.configurable_children ?? []).map((child) => child.power_75_65_20)]
        .filter((watts): watts is number => watts !== undefined)
        .map((watts) => heatOutput(watts, at, product.heat_exponent)),
    );
  const fields = ['sku', 'power_75_65_20', 'heat_exponent', 'configurable_children.power_75_65_20'];

  test('filter heat_output ≥ 800 W at 45/35/20 and sort by it: every radiator gives that much, strongest first', async () => {
    const { status, body } = await post(`${SEARCH}/product/_search`, {
      heatAt: '45/35/20',
      sort: 'heat_output:desc',
      size: 50,
      _sourceInclude: fields,
      query: { _appliedFilters: [...LISTED, { attribute: 'heat_output', value: { gte: 800 } }] },
    });
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    const outputs = body.items.map(best);
    for (const watts of outputs) expect(watts).toBeGreaterThanOrEqual(800);
    expect(outputs).toEqual([...outputs].sort((a, b) => b - a));
    // The same radiators at catalogue temperatures: many more pass 800 W.
    const nominal = await post(`${SEARCH}/product/_search`, {
      size: 1,
      query: { _appliedFilters: [...LISTED, { attribute: 'heat_output', value: { gte: 800 } }] },
    });
    expect(nominal.body.total).toBeGreaterThan(body.total);
  });

  test('the output filter misses nobody: the complement holds no product reaching 800 W at 45/35/20', async () => {
    // Every page of the complement (products come at most 200 per request).
    const page = async (from: number) =>
      (
        await post(`${SEARCH}/product/_search`, {
          heatAt: '45/35/20',
          from,
          size: 200,
          _sourceInclude: fields,
          query: { _appliedFilters: [...LISTED, { attribute: 'power_75_65_20', value: { gte: 0 } }, { attribute: 'heat_output', value: { lt: 800 } }] },
        })
      ).body;
    const body = await page(0);
    expect(body.total).toBeGreaterThan(0);
    for (let from = 200; from < body.total; from += 200) body.items.push(...(await page(from)).items);
    expect(body.items).toHaveLength(body.total);
    for (const product of body.items) {
      const values = [product.power_75_65_20, ...(product.configurable_children ?? []).map((child: { power_75_65_20?: number }) => child.power_75_65_20)]
        .filter((watts): watts is number => watts !== undefined)
        .map((watts) => heatOutput(watts, at, product.heat_exponent));
      expect(Math.min(...values)).toBeLessThan(800);
    }
  });

  test.each([['45/35'], ['45/35/35'], ['cieplo']])('heatAt %s is a 400 with a message, never a 500', async (heatAt) => {
    const { status, body } = await post(`${SEARCH}/product/_search`, { heatAt, query: {} });
    expect(status).toBe(400);
    expect(body.result).toMatch(/^heatAt must be supply\/return\/room/);
  });
});

describe('products', () => {
  test('render-list: server prices per SKU, gross and net, with tiers of the group', async () => {
    const { status, body } = await json('/api/product/render-list?skus=KF-ZT-0001,KF-ZT-0002,NO-SUCH&currencyCode=PLN&storeId=2&userGroupId=1');
    expect(status).toBe(200);
    expect(body.result.items.map((item: { sku: string }) => item.sku)).toEqual(['KF-ZT-0001', 'KF-ZT-0002']);
    for (const item of body.result.items) {
      expect(item.final_price_incl_tax).toBeCloseTo(item.final_price + item.final_price_tax, 2);
      expect(item.price_info.final_price).toBe(item.final_price_incl_tax);
    }
  });

  test.each([
    [
      '/api/product/render-list?skus=KF-ZT-0001&currencyCode=EUR',
      400,
      'currencyCode: only PLN prices are kept, got EUR (a VSF client sets i18n.currencyCode to PLN)',
    ],
    ['/api/product/render-list?skus=KF-ZT-0001&storeId=7', 400, 'storeId: this shop is store 2 (or 1), got 7'],
    ['/api/product/render-list?skus=%2C%2C', 400, 'render-list needs at least one sku'],
    ['/api/product/render-list', 400, 'querystring.skus is required'],
    ['/api/product/single', 400, 'Please provide the search key sku for product/single action!'],
    ['/api/product/single?key=url_path', 400, 'Please provide the search key url_path for product/single action!'],
    ['/api/product/single?key=colour&colour=x', 400, 'querystring: unknown field colour'],
    ['/api/product/single?sku=NO-SUCH', 404, 'Product query returned an empty result'],
    ['/api/product-view/NO-SUCH', 404, 'Product query returned an empty result'],
  ])('%s → %i "%s"', async (path, status, message) => {
    expect(await json(path)).toMatchObject({ status, body: { code: status, result: message } });
  });

  test('product/single by sku, by a variant sku and by url_path; hidden and disabled products are not found', async () => {
    const listed = await post(`${SEARCH}/product/_search`, {
      query: { _appliedFilters: [...LISTED, { attribute: 'type_id', value: { eq: 'configurable' } }] },
      size: 1,
    });
    const product = listed.body.items[0];
    expect((await json(`/api/product/single?sku=${product.sku}`)).body.result.id).toBe(product.id);
    expect((await json(`/api/product/single?sku=${product.configurable_children[0].sku}`)).body.result.id).toBe(product.id);
    expect((await json(`/api/product/single?key=url_path&url_path=${product.url_path}`)).body.result.id).toBe(product.id);
    const hidden = await post(`${SEARCH}/product/_search`, { query: { _appliedFilters: [{ attribute: 'visibility', value: { eq: 1 } }] }, size: 1 });
    const disabled = await post(`${SEARCH}/product/_search`, { query: { _appliedFilters: [{ attribute: 'status', value: { eq: 2 } }] }, size: 1 });
    for (const { body } of [hidden, disabled]) {
      expect(body.total).toBeGreaterThan(0);
      expect(await json(`/api/product/single?sku=${body.items[0].sku}`)).toMatchObject({
        status: 404,
        body: { result: 'Product query returned an empty result' },
      });
    }
  });

  test('product-view: the product, its attribute labels, categories, related products and price history in one call', async () => {
    const listed = await post(`${SEARCH}/product/_search`, {
      query: { _appliedFilters: [...LISTED, { attribute: 'category_ids', value: { in: [7] } }] },
      size: 1,
    });
    const sku = listed.body.items[0].sku;
    const { status, body } = await json(`/api/product-view/${sku}`);
    expect(status).toBe(200);
    expect(body.result.product.sku).toBe(sku);
    expect(body.result.attributes.map((a: { attribute_code: string }) => a.attribute_code)).toEqual(
      expect.arrayContaining(['manufacturer', 'material', 'power_75_65_20']),
    );
    expect(body.result.categories.map((c: { id: number }) => c.id)).toEqual([6, 7]);
    expect(body.result.related.length).toBeGreaterThan(0);
    expect(body.result.related[0]).toHaveProperty('final_price_incl_tax');
    // Related products carry the shop's one tile list (what a listing asks for for its tiles), nothing more.
    const related = body.result.related as Record<string, unknown>[];
    for (const tile of related) expect(Object.keys(tile).filter((key) => !TILE_FIELDS.some((field) => field.split('.')[0] === key))).toEqual([]);
    expect(Object.keys(related[0])).toEqual(expect.arrayContaining(['sku', 'name', 'slug', 'image', 'final_price_incl_tax', 'stock']));
  });
});

describe('stock', () => {
  test('check one sku and list up to 15', async () => {
    const one = await json('/api/stock/check?sku=KF-ZT-0001');
    expect(one).toMatchObject({ status: 200, body: { code: 200, result: { sku: 'KF-ZT-0001', manage_stock: true } } });
    expect(typeof one.body.result.is_in_stock).toBe('boolean');
    const skus = Array.from({ length: 14 }, (_, index) => `KF-ZT-${String(index + 1).padStart(4, '0')}`);
    const list = await json(`/api/stock/list?skus=${skus.join(',')},NO-SUCH`);
    expect(list.body.result.map((row: { sku: string }) => row.sku)).toEqual(skus);
  });

  test.each([
    ['/api/stock/check', 400, 'querystring.sku is required'],
    ['/api/stock/check?sku=NO-SUCH', 404, 'Product query returned an empty result'],
    [`/api/stock/list?skus=${Array.from({ length: 16 }, (_, index) => `S${index}`).join(',')}`, 400, 'stock/list accepts at most 15 skus per call, got 16'],
    ['/api/stock/list?skus=a%20b', 400, 'stock/list: "a b" is not a sku'],
  ])('%s → %i "%s"', async (path, status, message) => {
    expect(await json(path)).toMatchObject({ status, body: { code: status, result: message } });
  });
});

describe('content', () => {
  test('CMS page, blocks and hierarchy', async () => {
    expect((await json('/api/cms/page/regulamin')).body.result.title).toBe('Regulamin sklepu');
    const blocks = await json('/api/cms/blocks?like=footer');
    expect(blocks.body.result.items.map((block: { identifier: string }) => block.identifier)).toEqual(['footer-contact', 'footer-newsletter']);
    const hierarchy = await json('/api/cms/hierarchy/zwroty');
    expect(hierarchy.body.result.parents).toEqual([{ identifier: 'informacje', title: 'Informacje dla klienta' }]);
    expect(hierarchy.body.result.siblings.length).toBe(7);
  });

  test('advice list newest first, one article with its neighbours', async () => {
    const list = await json('/api/advice?size=5');
    expect(list.body.result.total).toBeGreaterThanOrEqual(10);
    expect(list.body.result.items).toHaveLength(5);
    expect(list.body.result.items[0]).not.toHaveProperty('body');
    const dates = list.body.result.items.map((item: { published_at: string }) => item.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const article = await json(`/api/advice/${list.body.result.items[1].slug}`);
    expect(article.body.result.article.body.length).toBeGreaterThan(200);
    expect(article.body.result.newer.slug).toBe(list.body.result.items[0].slug);
  });

  test.each([
    ['/api/cms/page/no-such-page', 404, 'CMS query returned empty result'],
    ['/api/cms/page/Bad%20Id', 400, 'params.identifier must match pattern "^[a-z0-9][a-z0-9_-]*$"'],
    ['/api/cms/blocks?like=home&size=501', 400, 'querystring.size must be <= 500'],
    ['/api/cms/blocks', 400, 'querystring.like is required'],
    ['/api/cms/hierarchy/no-such-page', 404, 'CMS query returned empty result'],
    ['/api/advice/no-such-article', 404, 'CMS query returned empty result'],
    ['/api/advice?size=0', 400, 'querystring.size must be >= 1'],
  ])('%s → %i "%s"', async (path, status, message) => {
    expect(await json(path)).toMatchObject({ status, body: { code: status, result: message } });
  });
});

describe('product pictures', () => {
  test.each([150, 255, 500, 1920])('%i px SVG with a long cache', async (size) => {
    const response = await fetch(`${server.baseUrl}/img/${size}/${size}/resize/product/ladder-500x1200-f4f4f0.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    const svg = await response.text();
    expect(svg).toContain(`width="${size}"`);
    expect(svg).toContain('<title>Grzejnik łazienkowy drabinkowy 500×1200 mm</title>');
  });

  test('every seeded product image can be drawn', async () => {
    const { body } = await post(`${SEARCH}/product/_search`, { size: 200, _sourceInclude: ['image'] });
    const images = [...new Set(body.items.map((item: { image: string }) => item.image))] as string[];
    const statuses = await Promise.all(images.slice(0, 60).map(async (image) => (await fetch(`${server.baseUrl}/img/150/150/resize${image}`)).status));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  test.each([
    ['/img/400/400/resize/product/ladder-500x1200-f4f4f0.svg', 400, 'image size must be one of 150x150, 255x255, 500x500, 1920x1920'],
    ['/img/500/255/resize/product/ladder-500x1200-f4f4f0.svg', 400, 'image size must be one of 150x150, 255x255, 500x500, 1920x1920'],
    ['/img/500/500/crop/product/ladder-500x1200-f4f4f0.svg', 400, 'image mode must be resize or fit'],
    ['/img/500/500/resize/product/rocket-500x1200-f4f4f0.svg', 404, 'Image not found'],
    ['/img/500/500/resize/product/..%2F..%2Fsecret.svg', 404, 'Image not found'],
  ])('%s → %i', async (path, status, message) => {
    expect(await json(path)).toMatchObject({ status, body: { code: status, result: message } });
  });
});
