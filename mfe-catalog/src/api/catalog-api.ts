import type { Attribute, Category, PricePoint, Product, Review, ReviewSummary } from '@kaloryfer/domain';
import { apiJson } from '@kaloryfer/ui';

const SEARCH = '/api/catalog/vue_storefront_catalog';

export interface Bucket {
  key: string;
  doc_count: number;
  from?: number | null;
  to?: number | null;
}

export interface SearchResponse<T> {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: Bucket[] }>;
}

export interface SearchBody {
  query: { _appliedFilters?: unknown[]; _availableFilters?: unknown[]; _searchText?: string };
  from?: number;
  size?: number;
  sort?: string;
  _sourceInclude?: string[];
  /** supply/return/room ("55/45/20") for the heat_output filter and sort. */
  heatAt?: string;
}

export type Entity = 'product' | 'category' | 'attribute';

/** One catalogue search (spec §7): the page of items, the total and the facets in one call. */
export function search<T>(type: Entity, body: SearchBody, signal?: AbortSignal): Promise<SearchResponse<T>> {
  return apiJson<SearchResponse<T>>(`${SEARCH}/${type}/_search`, { method: 'POST', body, signal });
}

/** Active categories, position order (spec §9: category fetch size 4000). */
export async function allCategories(signal?: AbortSignal): Promise<Category[]> {
  const response = await search<Category>('category', {
    query: { _appliedFilters: [{ attribute: 'is_active', value: { eq: true } }] }, size: 4000, sort: 'position:asc',
  }, signal);
  return response.items;
}

export interface ProductView {
  product: Product;
  selectedChildSku: string | null;
  attributes: Attribute[];
  categories: Category[];
  related: Product[];
  components: Product[];
  priceHistory: PricePoint[];
  /** The approved reviews' summary and the newest few; more from reviewPage. */
  reviews: { summary: ReviewSummary; items: Review[] };
}

/** Everything a product page shows, in one call. */
export async function productView(parentSku: string, signal?: AbortSignal): Promise<ProductView> {
  const { result } = await apiJson<{ result: ProductView }>(`/api/product-view/${encodeURIComponent(parentSku)}`, { signal });
  return result;
}

/** Attribute metadata (labels, options with swatches) by code (spec §7: size 150). */
export async function attributesByCode(codes: string[], signal?: AbortSignal): Promise<Attribute[]> {
  const response = await search<Attribute>('attribute', {
    query: { _appliedFilters: [{ attribute: 'attribute_code', value: { in: codes } }] }, size: 150,
  }, signal);
  return response.items;
}

export type ResolvedUrl =
  | { type: 'product'; parentSku: string; slug: string; childSku: string | null; urlPath: string }
  | { type: 'category'; id: number; slug: string; urlPath: string };

/** What a path of no fixed route shows: a product's url_path, then a category's (404 = neither). */
export async function resolveUrl(path: string, signal?: AbortSignal): Promise<ResolvedUrl> {
  const { result } = await apiJson<{ result: ResolvedUrl }>(`/api/url?${new URLSearchParams({ path })}`, { signal });
  return result;
}

export interface ReviewPage {
  summary: ReviewSummary;
  items: Review[];
  total: number;
}

/** Approved reviews of a product, newest first. */
export async function reviewPage(productId: number, from: number, size: number, signal?: AbortSignal): Promise<ReviewPage> {
  const { result } = await apiJson<{ result: ReviewPage }>(`/api/review/list/${productId}?${new URLSearchParams({ from: String(from), size: String(size) })}`, { signal });
  return result;
}

export interface ReviewInput {
  product_id: number;
  nickname: string;
  title: string;
  detail: string;
  rating: number;
}

/** Spec §7 review/create: the review waits for moderation. */
export async function createReview(review: ReviewInput): Promise<{ id: number; status: 'pending' }> {
  const { result } = await apiJson<{ result: { id: number; status: 'pending' } }>('/api/review/create', { method: 'POST', body: { review } });
  return result;
}
