import type { ListedProduct } from '@kaloryfer/contracts';
import { LISTED_SEARCH_FILTERS } from '@kaloryfer/domain';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';

/** An item of the customer's server wishlist (spec §7): its id, and the product's parent sku. */
export interface ServerWishlistItem {
  id: number;
  sku: string;
}

type Envelope<T> = { result: T };
const WISHLIST = '/api/wishlist';

/** The wishlist calls (spec §7, docs/account.md), each with the customer's token under spec §4's token handling. */
export const wishlistApi = {
  list: () => withUserToken(async (token) => (await apiJson<Envelope<{ items: ServerWishlistItem[] }>>(withToken(WISHLIST, token))).result.items
    .map(({ id, sku }) => ({ id, sku }))),
  add: (parentSku: string) => withUserToken(async (token) => {
    await apiJson<Envelope<boolean>>(withToken(`${WISHLIST}/${encodeURIComponent(parentSku)}`, token), { method: 'PUT' });
  }),
  remove: (itemId: number) => withUserToken(async (token) => {
    await apiJson<Envelope<boolean>>(withToken(`${WISHLIST}/${itemId}`, token), { method: 'DELETE' });
  }),
  /** Products this browser has not seen (added in another browser): the catalogue's names, slugs and images. */
  products: async (parentSkus: string[]): Promise<ListedProduct[]> => {
    const { items } = await apiJson<{ items: { sku: string; name: string; slug: string; image?: string }[] }>('/api/catalog/vue_storefront_catalog/product/_search', {
      method: 'POST',
      body: {
        query: { _appliedFilters: [...LISTED_SEARCH_FILTERS, { attribute: 'sku', value: { in: parentSkus } }] },
        size: parentSkus.length,
        _sourceInclude: ['sku', 'name', 'slug', 'image'],
      },
    });
    return items.map((item) => ({ sku: item.sku, parentSku: item.sku, name: item.name, slug: item.slug, ...(item.image ? { image: item.image } : {}) }));
  },
};
