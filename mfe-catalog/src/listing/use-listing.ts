import type { SearchAnswer } from '@kaloryfer/api-contract';
import { isAbort, usePageData } from '@kaloryfer/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { search } from '../api/catalog-api';
import { listingRequest, PAGE_SIZE, type ListedTile } from './listing-request';
import { listingQueryString, usesHeatOutput, type ListingFilters } from './route-filters';

export interface ListingState {
  status: 'loading' | 'ready' | 'error';
  items: ListedTile[];
  total: number;
  aggregations: SearchAnswer['aggregations'];
  loadingMore: boolean;
}

const SHOWN_KEY = 'kaloryfer.listing.shown';
/** Spec §9 "layered navigation page portion": never restore more than this many at once. */
const MAX_RESTORED = 200;

/** How many products a listing URL showed, so the back button brings the same page size back. */
function rememberShown(key: string, count: number) {
  try {
    const shown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '{}') as Record<string, number>;
    shown[key] = count;
    sessionStorage.setItem(SHOWN_KEY, JSON.stringify(shown));
  } catch {
    // storage blocked: back navigation then shows the first page only
  }
}

function shownBefore(key: string): number {
  try {
    const count = (JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '{}') as Record<string, number>)[key];
    return typeof count === 'number' ? Math.min(Math.max(count, PAGE_SIZE), MAX_RESTORED) : PAGE_SIZE;
  } catch {
    return PAGE_SIZE;
  }
}

/** The page-data key of a listing's first answer (the page server renders it with this key). */
export function listingDataKey(query: string, size: number): string {
  return `listing:${query}#${size}`;
}

/** What else "load more" appended to the first answer of one query. */
interface More {
  query: string;
  items: ListedTile[];
  total: number | null;
  loading: boolean;
}

/**
 * A category's products for the route's filters: one request per page for items, total and
 * facets; "load more" appends the next 20 from start + perPage (spec §9). Coming back with
 * the browser's back button loads as many as were shown, so the shell can restore scroll.
 * The first answer is page data: a server-rendered listing hydrates without asking again.
 */
export function useListing(categoryId: number | null, filters: ListingFilters, isBack: boolean, heatAt: string): ListingState & { loadMore: () => void } {
  const query = `${categoryId}${listingQueryString(filters)}${usesHeatOutput(filters) ? `@${heatAt}` : ''}`;
  // Only a back navigation reads storage (never a first render on the server or in hydration).
  const size = isBack ? shownBefore(query) : PAGE_SIZE;
  const first = usePageData(listingDataKey(query, size), (signal) =>
    search<ListedTile>('product', listingRequest(categoryId, filters, 0, size, heatAt), signal),
  );
  const [more, setMore] = useState<More>({ query, items: [], total: null, loading: false });
  const moreController = useRef<AbortController | null>(null);
  // While the next query loads, the previous answer stays on screen (no flash of skeletons).
  const last = useRef<SearchAnswer<ListedTile> | null>(null);
  if (first.status === 'ready') last.current = first.value;

  const shown = first.status === 'ready' ? first.value : first.status === 'loading' ? last.current : null;
  const extra = more.query === query ? more : null;
  const items = shown ? [...shown.items, ...(extra?.items ?? [])] : [];
  const total = extra?.total ?? shown?.total ?? 0;

  useEffect(() => {
    moreController.current?.abort();
    setMore((previous) => (previous.query === query ? previous : { query, items: [], total: null, loading: false }));
  }, [query]);
  useEffect(() => {
    if (first.status === 'ready') rememberShown(query, items.length);
  }, [first.status, query, items.length]);
  useEffect(() => () => moreController.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (first.status !== 'ready' || extra?.loading || items.length >= total) return;
    const controller = new AbortController();
    moreController.current = controller;
    setMore({ query, items: extra?.items ?? [], total: extra?.total ?? null, loading: true });
    search<ListedTile>('product', listingRequest(categoryId, filters, items.length, PAGE_SIZE, heatAt), controller.signal).then(
      (response) => {
        // `loading` blocks a second call, so `extra` is still the list this page extends.
        setMore({ query, items: [...(extra?.items ?? []), ...response.items], total: response.total, loading: false });
      },
      (error: unknown) => {
        if (!isAbort(error)) setMore((previous) => ({ ...previous, loading: false }));
      },
    );
  }, [first.status, extra, items.length, total, query, categoryId, filters, heatAt]);

  return {
    status: first.status,
    items,
    total,
    aggregations: shown?.aggregations ?? {},
    loadingMore: extra?.loading ?? false,
    loadMore,
  };
}
