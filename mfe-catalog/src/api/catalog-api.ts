import type { Attribute, Category, PricePoint, Product } from '@kaloryfer/domain';
import { apiJson } from './http';

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
