import { useCallback, useEffect, useRef, useState } from 'react';
import { search, type SearchResponse } from '../api/catalog-api';
import { isAbort } from '@kaloryfer/ui';
import type { TileProduct } from '../product/ProductTile';
import { listingRequest, PAGE_SIZE } from './listing-request';
import { listingQueryString, usesHeatOutput, type ListingFilters } from './route-filters';

export interface ListingState {
  status: 'loading' | 'ready' | 'error';
  items: TileProduct[];
  total: number;
  aggregations: SearchResponse<unknown>['aggregations'];
  loadingMore: boolean;
}

const EMPTY: ListingState = { status: 'loading', items: [], total: 0, aggregations: {}, loadingMore: false };
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

/**
 * A category's products for the route's filters: one request per page for items, total and
 * facets; "load more" appends the next 20 from start + perPage (spec §9). Coming back with
 * the browser's back button loads as many as were shown, so the shell can restore scroll.
 */
export function useListing(categoryId: number | null, filters: ListingFilters, isBack: boolean, heatAt: string): ListingState & { loadMore: () => void } {
  const [state, setState] = useState<ListingState>(EMPTY);
  const key = `${categoryId}${listingQueryString(filters)}${usesHeatOutput(filters) ? `@${heatAt}` : ''}`;
  const moreController = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const size = isBack ? shownBefore(key) : PAGE_SIZE;
    setState((previous) => ({ ...previous, status: 'loading', loadingMore: false }));
    search<TileProduct>('product', listingRequest(categoryId, filters, 0, size, heatAt), controller.signal).then(
      (response) => {
        setState({ status: 'ready', items: response.items, total: response.total, aggregations: response.aggregations, loadingMore: false });
        rememberShown(key, response.items.length);
      },
      (error: unknown) => {
        if (!isAbort(error)) setState({ ...EMPTY, status: 'error' });
      },
    );
    return () => {
      controller.abort();
      moreController.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for categoryId and filters
  }, [key]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.loadingMore || state.items.length >= state.total) return;
    const controller = new AbortController();
    moreController.current = controller;
    setState((previous) => ({ ...previous, loadingMore: true }));
    search<TileProduct>('product', listingRequest(categoryId, filters, state.items.length, PAGE_SIZE, heatAt), controller.signal).then(
      (response) => {
        // loadingMore blocks a second call, so state.items is still the list this page extends.
        const items = [...state.items, ...response.items];
        rememberShown(key, items.length);
        setState((previous) => ({ ...previous, items, total: response.total, loadingMore: false }));
      },
      (error: unknown) => {
        if (!isAbort(error)) setState((previous) => ({ ...previous, loadingMore: false }));
      },
    );
  }, [state, categoryId, filters, key, heatAt]);

  return { ...state, loadMore };
}
