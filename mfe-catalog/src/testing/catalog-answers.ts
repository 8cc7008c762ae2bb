import type {
  Attribute,
  Category,
  CmsBlock,
  CmsBlockPage,
  Product,
  ProductView,
  ReviewPage,
  ReviewSummary,
  SearchAnswer,
  StockInfo,
} from '@kaloryfer/api-contract';

/**
 * The API's answers as the catalogue's tests stand them in at the fetch boundary, typed by the
 * contract (shared/api-contract) so a fixture cannot drift from what the API sends: each
 * builder fills what a test does not care about with values like the seed's.
 */

/** The envelope every JSON route but the catalogue search answers in. */
export const ok = <Result>(result: Result) => ({ code: 200, result });

/** A catalogue search's answer (`/api/catalog/…/_search`): the page of documents, the total and the facets. */
export function searchAnswer<Document>(items: Document[], page: Partial<Omit<SearchAnswer<Document>, 'items' | 'hits'>> = {}): SearchAnswer<Document> {
  return { items, total: items.length, start: 0, perPage: Math.max(items.length, 1), aggregations: {}, ...page };
}

export const stock = (qty: number): StockInfo => ({
  is_in_stock: qty > 0,
  qty,
  manage_stock: true,
  is_volatile: false,
  min_sale_qty: 1,
  max_sale_qty: Math.max(qty, 1),
});

/** An active category (a PRODUCTS page) right below the main category unless told otherwise. */
export function category(fields: Pick<Category, 'id' | 'name' | 'slug'> & Partial<Category>): Category {
  const { id, slug, name } = fields;
  return {
    parent_id: 2,
    url_key: slug,
    url_path: slug,
    path: `1/2/${id}`,
    level: 2,
    position: id,
    is_active: true,
    display_mode: 'PRODUCTS',
    h1_text: '',
    meta_title: name,
    meta_description: '',
    description: '',
    image: null,
    thumbnail_image: null,
    product_count: 0,
    children_count: 0,
    children_data: [],
    ...fields,
  };
}

/** A select attribute shown in the shop (filterable and comparable) unless told otherwise. */
export function attribute(fields: Pick<Attribute, 'attribute_id' | 'attribute_code' | 'frontend_label'> & Partial<Attribute>): Attribute {
  return {
    frontend_input: 'select',
    is_user_defined: true,
    is_visible: true,
    is_visible_on_front: true,
    is_comparable: true,
    is_filterable: true,
    position: 0,
    options: [],
    ...fields,
  };
}

/** A viewable simple product in stock, priced without a reduction, unless told otherwise. */
export function product(fields: Pick<Product, 'id' | 'sku' | 'name' | 'slug'> & Partial<Product>): Product {
  const { slug, name } = fields;
  const price = fields.final_price_incl_tax ?? 999;
  return {
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: Math.round((price / 1.23) * 100) / 100,
    tax_class_id: 2,
    tier_prices: [],
    stock: stock(10),
    image: `/product/${slug}.svg`,
    thumbnail: `/product/${slug}.svg`,
    media_gallery: [],
    url_key: slug,
    url_path: slug,
    category: [],
    category_ids: [],
    description: '',
    short_description: '',
    meta_title: name,
    meta_keyword: '',
    meta_description: '',
    created_at: '2026-01-15 08:00:00',
    updated_at: '2026-10-01 08:00:00',
    view_count: 0,
    final_price_incl_tax: price,
    original_price_incl_tax: price,
    ...fields,
  };
}

export const NO_REVIEWS: ReviewSummary = { average: null, count: 0, histogram: [0, 0, 0, 0, 0] };

/** product-view's answer for a product: nothing related, no parts, no price history, no reviews unless told otherwise. */
export function productView(view: Pick<ProductView, 'product'> & Partial<ProductView>): ProductView {
  return {
    selectedChildSku: null,
    attributes: [],
    categories: [],
    related: [],
    components: [],
    priceHistory: [],
    reviews: { summary: NO_REVIEWS, items: [] },
    ...view,
  };
}

/** `/api/review/list`'s answer: a page of reviews from `start`. */
export function reviewPage(summary: ReviewSummary, items: ReviewPage['items'], start = 0, perPage = items.length): ReviewPage {
  return { summary, items, total: summary.count, start, perPage };
}

/** `/api/cms/blocks`'s answer: every block in one page of the API's default size. */
export const cmsBlockPage = (items: CmsBlock[]): CmsBlockPage => ({ items, total: items.length, start: 0, perPage: 150 });
