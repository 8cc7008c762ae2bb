/**
 * The page types every browser bench measures (docs/performance.md), as [label, path] against a
 * running shop: home, a category, a simple product (a service), the configurable radiator with
 * reviews and the heat-output table, a CMS page, the advice list and an article.
 */
export type BenchPage = [label: string, path: string];

/** The decorative radiator the product-page figures have always been taken on: configurable, reviewed, with its heat-output table. */
export const RICH_PRODUCT_SKU = 'KF-DP-0174';

async function search(shopUrl: string, filters: unknown[]): Promise<{ sku: string; slug: string }> {
  const response = await fetch(`${shopUrl}api/catalog/vue_storefront_catalog/product/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: 1, sort: 'view_count:desc', _sourceInclude: ['sku', 'slug'], query: { _appliedFilters: filters } }),
  });
  if (!response.ok) throw new Error(`product search: HTTP ${response.status}`);
  const { items } = (await response.json()) as { items: { sku: string; slug: string }[] };
  if (!items[0]) throw new Error(`no product for ${JSON.stringify(filters)}`);
  return items[0];
}

async function productPathOf(shopUrl: string, sku: string): Promise<string> {
  const response = await fetch(`${shopUrl}api/product-view/${encodeURIComponent(sku)}`);
  if (!response.ok) throw new Error(`product-view ${sku}: HTTP ${response.status}`);
  const { result } = (await response.json()) as { result: { product: { sku: string; slug: string } } };
  const { product } = result;
  return `p/${product.sku}/${product.slug}`;
}

export async function benchPages(shopUrl: string): Promise<BenchPage[]> {
  const listed = [
    { attribute: 'visibility', value: { in: [2, 4] } },
    { attribute: 'status', value: { in: [0, 1] } },
  ];
  const service = await search(shopUrl, [...listed, { attribute: 'type_id', value: { eq: 'virtual' } }]);
  return [
    ['home', ''],
    ['category', 'c/grzejniki-lazienkowe'],
    ['simple product', `p/${service.sku}/${service.slug}`],
    ['radiator', await productPathOf(shopUrl, RICH_PRODUCT_SKU)],
    ['CMS page', 'i/dostawa'],
    ['advice list', 'porady'],
    ['article', 'porady/jak-dobrac-moc-grzejnika'],
  ];
}
