import type { Category, Product } from '@kaloryfer/api-contract';
import { foldText } from '@kaloryfer/domain';
import { useEffect, useState } from 'react';
import { search, type FieldPath, type Selected } from '../api/catalog-api';
import { isAbort } from '@kaloryfer/ui';
import { categories } from '../api/categories';
import { LISTED_FILTERS } from '../listing/listing-request';

export const MIN_QUERY_LENGTH = 3;
/** Wait this long after the last keystroke before asking (a typist's pause, not every key). */
export const SEARCH_DELAY_MS = 250;
export const PANEL_PRODUCTS = 6;
export const PANEL_CATEGORIES = 4;
const PANEL_FIELDS = [
  'id',
  'sku',
  'name',
  'slug',
  'type_id',
  'image',
  'final_price_incl_tax',
  'original_price_incl_tax',
] as const satisfies readonly FieldPath<Product>[];

/** A product of the panel as the search answers it: the PANEL_FIELDS only. */
export type PanelProduct = Selected<Product, (typeof PANEL_FIELDS)[number]>;

/** `noresults`: no product matched, or the search failed (spec §8: empty, total 0, noresults). */
export type SearchResults =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; products: PanelProduct[]; total: number; categories: Category[]; noresults: boolean };

/** What a failed search shows in the browser (spec §8): nothing found. */
const NO_RESULTS: SearchResults = { status: 'ready', products: [], total: 0, categories: [], noresults: true };

/** Categories whose name contains every word of the query (accents and case folded). */
export function matchingCategories(all: Category[], query: string, limit = PANEL_CATEGORIES): Category[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return all
    .filter((category) => category.level > 1 && category.is_active && words.every((word) => foldText(category.name).includes(word)))
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, limit);
}

/**
 * Results as you type: nothing under 3 characters; otherwise, SEARCH_DELAY_MS after the last
 * change, one product search (relevance, listed products only) and the cached category tree.
 * A newer query aborts the older request, so a slow answer never replaces a newer one. A
 * backend or network failure is an empty result (total 0, noresults), never an error.
 */
export function useSearchResults(query: string): SearchResults {
  const term = query.trim();
  const [results, setResults] = useState<SearchResults>({ status: 'idle' });
  useEffect(() => {
    if (term.length < MIN_QUERY_LENGTH) {
      setResults({ status: 'idle' });
      return undefined;
    }
    setResults((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      Promise.all([
        search<PanelProduct>(
          'product',
          { query: { _appliedFilters: LISTED_FILTERS, _searchText: term }, size: PANEL_PRODUCTS, _sourceInclude: PANEL_FIELDS },
          controller.signal,
        ),
        categories().catch(() => [] as Category[]), // products still help when the tree failed
      ]).then(
        ([products, tree]) => {
          if (!controller.signal.aborted) {
            setResults({
              status: 'ready',
              products: products.items,
              total: products.total,
              categories: matchingCategories(tree, term),
              noresults: products.items.length === 0,
            });
          }
        },
        (error: unknown) => {
          if (!isAbort(error) && !controller.signal.aborted) setResults(NO_RESULTS);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return results;
}
