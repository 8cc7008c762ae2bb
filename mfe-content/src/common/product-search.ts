import { LISTED_SEARCH_FILTERS } from '@kaloryfer/domain';
import { apiJson } from '@kaloryfer/ui';

/**
 * One catalogue search for listed, in-stock products (spec §7) — what an article's related
 * products and the not-found page's suggestions both ask. The content remote's own small client:
 * remotes never import each other's code.
 */
export async function searchListedProducts<T>(ask: {
  filters?: unknown[];
  text?: string;
  size: number;
  fields: readonly string[];
  sort?: string;
}, signal?: AbortSignal): Promise<T[]> {
  const { items } = await apiJson<{ items: T[] }>('/api/catalog/vue_storefront_catalog/product/_search', {
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
