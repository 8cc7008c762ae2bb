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
