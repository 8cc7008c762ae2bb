import type { Category, SearchAnswer } from '@kaloryfer/api-contract';
import { searchListedProducts } from '../common/product-search';
import { apiJson, CARD_FIELDS, type CardProduct } from '@kaloryfer/ui';

/**
 * The catalogue as page-not-found asks it: one product search for the words of the missing
 * address and the category list, through the catalogue's own search endpoint (spec §7), the
 * same request shape mfe-catalog sends (remotes never import each other's code).
 */
const SEARCH = '/api/catalog/vue_storefront_catalog';

export const SUGGESTED_PRODUCTS = 6;

export type SuggestedProduct = CardProduct;
const CATEGORY_FIELDS = ['id', 'parent_id', 'name', 'slug', 'level', 'position', 'product_count'] as const;
/** A category as the search answers it: the CATEGORY_FIELDS only. */
export type ShopCategory = Pick<Category, (typeof CATEGORY_FIELDS)[number]>;

/** Spec §9: the category fetch size. */
const CATEGORY_FETCH_SIZE = 4000;
/** Top categories sit right below the main category (level 1, id 2; spec §9). */
const TOP_LEVEL = 2;

export const suggestionsKey = (words: readonly string[]) => `not-found-products:${words.join(' ')}`;
export const NOT_FOUND_CATEGORIES_KEY = 'not-found-categories';

/** Listed, in-stock products matching the words, best match first; none asked for no words. */
export async function suggestedProducts(words: readonly string[], signal?: AbortSignal): Promise<SuggestedProduct[]> {
  if (words.length === 0) return [];
  return searchListedProducts({ text: words.join(' '), size: SUGGESTED_PRODUCTS, fields: CARD_FIELDS }, signal);
}

/** Active categories in menu order. */
export async function shopCategories(signal?: AbortSignal): Promise<ShopCategory[]> {
  const { items } = await apiJson<SearchAnswer<ShopCategory>>(`${SEARCH}/category/_search`, {
    method: 'POST',
    signal,
    body: {
      query: { _appliedFilters: [{ attribute: 'is_active', value: { eq: true } }] },
      size: CATEGORY_FETCH_SIZE,
      sort: 'position:asc',
      _sourceInclude: CATEGORY_FIELDS,
    },
  });
  return items;
}

export function topCategories(categories: readonly ShopCategory[]): ShopCategory[] {
  return categories.filter((category) => category.level === TOP_LEVEL);
}
