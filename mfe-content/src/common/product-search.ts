import type { Product, SearchAnswer } from '@kaloryfer/api-contract';
import { LISTED_SEARCH_FILTERS } from '@kaloryfer/domain';
import { apiJson } from '@kaloryfer/ui';

/**
 * One catalogue search for listed, in-stock products (spec §7) — what an article's related
 * products and the not-found page's suggestions both ask. The content remote's own small client:
 * remotes never import each other's code. The products come with the `fields` asked for only
 * (`_sourceInclude`), each as the contract's Product has it.
 */
export async function searchListedProducts<const Field extends keyof Product & string>(
  ask: {
    filters?: unknown[];
    text?: string;
    size: number;
    fields: readonly Field[];
    sort?: string;
  },
  signal?: AbortSignal,
): Promise<Pick<Product, Field>[]> {
  const { items } = await apiJson<SearchAnswer<Pick<Product, Field>>>('/api/catalog/vue_storefront_catalog/product/_search', {
    method: 'POST',
    signal,
    body: {
      query: { _appliedFilters: [...LISTED_SEARCH_FILTERS, ...(ask.filters ?? [])], ...(ask.text ? { _searchText: ask.text } : {}) },
      size: ask.size,
      ...(ask.sort ? { sort: ask.sort } : {}),
      _sourceInclude: ask.fields,
    },
  });
  return items;
}
