import type { Product, RouteAnswer, SearchAnswer, Wishlist, WishlistGet } from '@kaloryfer/api-contract';
import type { ListedProduct } from '@kaloryfer/contracts';
import { LISTED_SEARCH_FILTERS } from '@kaloryfer/domain';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';

type Envelope<Result> = { result: Result };
const WISHLIST = '/api/wishlist';

/** The product fields a wishlist shows, asked with `_sourceInclude` (every product has them, so the search sends each one). */
const LISTED_FIELDS = ['sku', 'name', 'slug', 'image'] as const satisfies readonly (keyof Product)[];
type WishlistProduct = Pick<Product, (typeof LISTED_FIELDS)[number]>;

/** The wishlist calls (spec §7, docs/account.md), each with the customer's token under spec §4's token handling. */
export const wishlistApi = {
  /** The items of the customer's server wishlist: each one's id, and its product's parent sku as `sku`. */
  list: () =>
    withUserToken(async (token): Promise<Wishlist['items']> => (await apiJson<RouteAnswer<typeof WishlistGet>>(withToken(WISHLIST, token))).result.items),
  add: (parentSku: string) =>
    withUserToken(async (token) => {
      await apiJson<Envelope<true>>(withToken(`${WISHLIST}/${encodeURIComponent(parentSku)}`, token), { method: 'PUT' });
    }),
  remove: (itemId: number) =>
    withUserToken(async (token) => {
      await apiJson<Envelope<true>>(withToken(`${WISHLIST}/${itemId}`, token), { method: 'DELETE' });
    }),
  /** Products this browser has not seen (added in another browser): the catalogue's names, slugs and images. */
  products: async (parentSkus: string[]): Promise<ListedProduct[]> => {
    const { items } = await apiJson<SearchAnswer<WishlistProduct>>('/api/catalog/vue_storefront_catalog/product/_search', {
      method: 'POST',
      body: {
        query: { _appliedFilters: [...LISTED_SEARCH_FILTERS, { attribute: 'sku', value: { in: parentSkus } }] },
        size: parentSkus.length,
        _sourceInclude: LISTED_FIELDS,
      },
    });
    return items.map((item) => ({ sku: item.sku, parentSku: item.sku, name: item.name, slug: item.slug, ...(item.image ? { image: item.image } : {}) }));
  },
};
