import type {
  Attribute,
  CatalogSearchPost,
  Category,
  ProductView,
  ResolvedUrl,
  ReviewCreated,
  ReviewInput,
  ReviewPage,
  SearchAnswer,
  SearchType,
} from '@kaloryfer/api-contract';
import { apiJson } from '@kaloryfer/ui';

const SEARCH = '/api/catalog/vue_storefront_catalog';

/** The contract's search body (CatalogSearchPost): open on purpose, every field `unknown`. */
type CatalogSearchBody = (typeof CatalogSearchPost)['body']['anyOf'][0]['static'];

/** What this remote sends: the spec's search query with paging, sort and field selection, in the contract's field names. */
export interface SearchBody extends Pick<CatalogSearchBody, 'query' | 'from' | 'size' | 'sort' | '_sourceInclude' | 'heatAt'> {
  query: { _appliedFilters?: readonly unknown[]; _availableFilters?: readonly unknown[]; _searchText?: string };
  from?: number;
  size?: number;
  sort?: string;
  _sourceInclude?: readonly string[];
  /** supply/return/room ("55/45/20") for the heat_output filter and sort. */
  heatAt?: string;
}

export type Entity = Extract<SearchType, 'product' | 'category' | 'attribute'>;

/**
 * A field a search may ask for in `_sourceInclude`: one of the entity's, or `parent.field` of
 * a list of objects (`configurable_children.sku`).
 */
export type FieldPath<Document> = {
  [Key in keyof Document & string]:
    Key | (NonNullable<Document[Key]> extends readonly (infer Item)[] ? (Item extends object ? `${Key}.${keyof Item & string}` : never) : never);
}[keyof Document & string];

type ParentOf<Path extends string> = Path extends `${infer Parent}.${string}` ? Parent : never;
type ChildOf<Path extends string, Parent extends string> = Path extends `${Parent}.${infer Child}` ? Child : never;

/**
 * A search document of `_sourceInclude: Fields` (the contract's SearchDocument narrowed to what
 * was asked): the entity with only those fields, each as required as the entity has it (the API
 * leaves out only what was not asked for), a `parent.field` keeping `field` of the parent's items.
 */
export type Selected<Document, Fields extends string> = {
  [Key in keyof Document as Key extends Fields | ParentOf<Fields> ? Key : never]: Key extends Fields
    ? Document[Key]
    : NonNullable<Document[Key]> extends readonly (infer Item)[]
      ? Selected<Item, ChildOf<Fields, Key & string>>[]
      : never;
};

/** One catalogue search (spec §7): the page of items, the total and the facets in one call. */
export function search<T>(type: Entity, body: SearchBody, signal?: AbortSignal): Promise<SearchAnswer<T>> {
  return apiJson<SearchAnswer<T>>(`${SEARCH}/${type}/_search`, { method: 'POST', body, signal });
}

/** Active categories, position order (spec §9: category fetch size 4000). */
export async function allCategories(signal?: AbortSignal): Promise<Category[]> {
  const response = await search<Category>(
    'category',
    {
      query: { _appliedFilters: [{ attribute: 'is_active', value: { eq: true } }] },
      size: 4000,
      sort: 'position:asc',
    },
    signal,
  );
  return response.items;
}

/** Everything a product page shows, in one call. */
export async function productView(parentSku: string, signal?: AbortSignal): Promise<ProductView> {
  const { result } = await apiJson<{ result: ProductView }>(`/api/product-view/${encodeURIComponent(parentSku)}`, { signal });
  return result;
}

/** Attribute metadata (labels, options with swatches) by code (spec §7: size 150). */
export async function attributesByCode(codes: string[], signal?: AbortSignal): Promise<Attribute[]> {
  const response = await search<Attribute>(
    'attribute',
    {
      query: { _appliedFilters: [{ attribute: 'attribute_code', value: { in: codes } }] },
      size: 150,
    },
    signal,
  );
  return response.items;
}

/** What a path of no fixed route shows: a product's url_path, then a category's (404 = neither). */
export async function resolveUrl(path: string, signal?: AbortSignal): Promise<ResolvedUrl> {
  const { result } = await apiJson<{ result: ResolvedUrl }>(`/api/url?${new URLSearchParams({ path })}`, { signal });
  return result;
}

/** Approved reviews of a product, newest first. */
export async function reviewPage(productId: number, from: number, size: number, signal?: AbortSignal): Promise<ReviewPage> {
  const { result } = await apiJson<{ result: ReviewPage }>(`/api/review/list/${productId}?${new URLSearchParams({ from: String(from), size: String(size) })}`, {
    signal,
  });
  return result;
}

/** The shop's review form always sends stars (the contract's `rating` is optional for VSF 1.12's form, which has none). */
export type ShopReviewInput = ReviewInput & Required<Pick<ReviewInput, 'rating'>>;

/** Spec §7 review/create: the review waits for moderation. */
export async function createReview(review: ShopReviewInput): Promise<ReviewCreated> {
  const { result } = await apiJson<{ result: ReviewCreated }>('/api/review/create', { method: 'POST', body: { review } });
  return result;
}
