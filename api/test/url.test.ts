import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/** The URL dispatcher's lookup over HTTP (the head of product and category pages: e2e/tests/server-render.spec.ts). */

let server: TestServer;
interface Listed {
  sku: string;
  slug: string;
  url_path: string;
  name: string;
  type_id: string;
  final_price_incl_tax: number;
  configurable_children?: { sku: string; final_price_incl_tax: number }[];
}
let simple: Listed;
let configurable: Listed;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  const response = await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      size: 100,
      query: {
        _appliedFilters: [
          { attribute: 'visibility', value: { in: [2, 3, 4] } },
          { attribute: 'status', value: { in: [0, 1] } },
        ],
      },
    }),
  });
  const { items } = (await response.json()) as { items: Listed[] };
  simple = items.find((item) => item.type_id === 'simple')!;
  configurable = items.find((item) => item.type_id === 'configurable' && (item.configurable_children?.length ?? 0) > 1)!;
});
afterAll(async () => {
  await server.close();
});

const lookup = async (shopPath: string) => {
  const response = await fetch(`${server.baseUrl}/api/url?${new URLSearchParams({ path: shopPath })}`);
  return { status: response.status, body: await response.json() };
};

describe('GET /api/url: an unknown path is a product url_path, then a category url_path', () => {
  test('a product by its url_path', async () => {
    const { status, body } = await lookup(`/${simple.url_path}`);
    expect(status).toBe(200);
    expect(body.result).toEqual({ type: 'product', parentSku: simple.sku, slug: simple.slug, childSku: null, urlPath: simple.url_path });
  });

  test('a category by its url_path (nested), and by /c/{slug}', async () => {
    expect((await lookup('/grzejniki-lazienkowe/grzejniki-drabinkowe')).body.result).toMatchObject({ type: 'category', id: 7, slug: 'grzejniki-drabinkowe' });
    expect((await lookup('/grzejniki-lazienkowe/')).body.result).toMatchObject({ type: 'category', id: 6 });
    expect((await lookup('/c/akcesoria')).body.result).toMatchObject({ type: 'category', id: 17 });
  });

  test("the product route with a child sku keeps the child only when it is one of the product's", async () => {
    const child = configurable.configurable_children![1].sku;
    expect((await lookup(`/p/${configurable.sku}/${configurable.slug}/${child}`)).body.result).toMatchObject({ type: 'product', childSku: child });
    expect((await lookup(`/p/${configurable.sku}/${configurable.slug}/KF-XX-9999`)).body.result).toMatchObject({ type: 'product', childSku: null });
  });

  test.each([['/nie-ma-takiej-strony'], ['/main'], ['/grzejniki-lazienkowe/nie-ma'], ['/p/KF-XX-9999/x'], ['/c/nie-ma'], ['/%E0%A4%A']])(
    '%s is neither: 404 with a message',
    async (shopPath) => {
      const { status, body } = await lookup(shopPath);
      expect(status).toBe(404);
      expect(body.result).toMatch(/^No product or category at /);
    },
  );

  test.each([
    ['', 'no path'],
    ['?path=', 'empty'],
    ['?path=bez-ukosnika', 'not starting with /'],
    [`?path=/${'x'.repeat(1100)}`, 'too long'],
    ['?path=/a&extra=1', 'unknown parameter'],
  ])('bad input %s (%s) is 400, never 500', async (query) => {
    const response = await fetch(`${server.baseUrl}/api/url${query}`);
    expect(response.status).toBe(400);
  });
});
