import './listing.css';
import { $route, linkTo, navigationRequested, notificationRequested } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';
import { categoryTrail, temperaturesKey } from '@kaloryfer/domain';
import { Button, isOffline, PageFrame, useFocusTrap, useOfflineRedirect, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { NotFoundRedirect } from '../pages/not-found-redirect';
import { shownAttributes } from '../api/attributes';
import { categories, childrenOf } from '../api/categories';
import { ProductTile } from '../product/product-tile';
import { useHeatingAt } from '../heating/heating-at';
import { HeatingControl, RoomHelper } from '../heating/heating-control';
import { FilterPanel } from './filter-panel';
import { activeFilterCount, listingQueryString, NO_FILTERS, parseListingQuery, SORT_OPTIONS, type ListingFilters, type SortId } from './route-filters';
import { useListing } from './use-listing';
import { ATTRIBUTES_KEY, CATEGORIES_KEY } from '../api/data-keys';

/** A category by its slug (/c/{slug}, /categories/{slug}) or its url_path (the URL dispatcher). */
export function CategoryPage({ slug, urlPath }: { slug?: string; urlPath?: string }) {
  const { t } = useTranslation('catalog');
  const tree = usePageData(CATEGORIES_KEY, () => categories());
  const route = useRequestStore($route);
  // No category tree while offline: the category is not available, home it is (spec §8).
  useOfflineRedirect(tree.status === 'error');
  if (tree.status === 'loading') return <ListingSkeleton />;
  if (tree.status === 'error')
    return (
      <PageFrame title={t('category.unavailable')}>
        <EmptyListing />
      </PageFrame>
    );
  const category = tree.value.find((candidate) => (slug !== undefined && candidate.slug === slug) || (urlPath !== undefined && candidate.url_path === urlPath));
  if (!category) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
  return <CategoryListing key={category.id} category={category} all={tree.value} />;
}

/** /categories?query=…: the full results of a search, every listed product, same filters and sort. */
export function SearchResultsPage() {
  return <CategoryListing category={null} all={[]} />;
}

/** A category's listing, or (category null) the listing of every product matching the query. */
function CategoryListing({ category, all }: { category: Category | null; all: Category[] }) {
  const { t } = useTranslation('catalog');
  const route = useRequestStore($route);
  const filters = parseListingQuery(route.search);
  const heatAt = temperaturesKey(useHeatingAt());
  const listing = useListing(category?.id ?? null, filters, route.isBack, heatAt);
  const attributes = usePageData(ATTRIBUTES_KEY, () => shownAttributes());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const drawerHeading = useRef<HTMLHeadingElement>(null);
  // On phones the filters open as a drawer over the listing: Tab stays in it while open.
  useFocusTrap(drawer, drawerOpen);

  const apply = (next: ListingFilters) => navigationRequested.emit({ to: `${route.path}${listingQueryString(next)}` });
  const trail = category ? categoryTrail(all, category) : [];
  const subcategories = category ? childrenOf(all, category) : [];
  // On search results the query is what was searched, not a filter to count or clear.
  const active = activeFilterCount(category ? filters : { ...filters, query: '' });
  // A category's products that failed to load, or came back empty while offline, are not synchronized (spec §8).
  useSyncWarning(category !== null && listing.status === 'error', category !== null && listing.status === 'ready' && listing.items.length === 0);

  useEffect(() => {
    if (!drawerOpen) return undefined;
    drawerHeading.current?.focus();
    // Back to the button once closed: here, after the trap has let go (in closeDrawer it would pull focus back in).
    const button = opener.current;
    return () => button?.focus();
  }, [drawerOpen]);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <PageFrame
      title={category ? category.h1_text || category.name : filters.query ? t('search.resultsTitle', { query: filters.query }) : t('listing.allTitle')}
      description={category ? category.meta_description || category.description : undefined}
      crumbs={trail.slice(0, -1).map((item) => ({ label: item.name, intent: { name: 'category', slug: item.slug } }))}
      lead={category?.description}
    >
      {subcategories.length > 0 && (
        <nav aria-label={t('category.subcategories')}>
          <ul className="chip-list">
            {subcategories.map((child) => (
              <li key={child.id}>
                <a className="chip" href={linkTo({ name: 'category', slug: child.slug })}>
                  {child.name} <span className="filter-count">({child.product_count})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="listing-toolbar">
        <p role="status" aria-live="polite" className="listing-count">
          {listing.status === 'ready' ? t('category.count', { count: listing.total }) : t('category.loading')}
        </p>
        <button
          ref={opener}
          type="button"
          className="button-secondary filter-open"
          aria-expanded={drawerOpen}
          aria-controls="listing-filters"
          onClick={() => setDrawerOpen(true)}
        >
          {active > 0 ? t('filters.openCount', { count: active }) : t('filters.open')}
        </button>
        <label className="listing-sort">
          {t('sort.label')}{' '}
          <select value={filters.sort} onChange={(event) => apply({ ...filters, sort: event.target.value as SortId })}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="listing-layout">
        <aside
          ref={drawer}
          id="listing-filters"
          className={drawerOpen ? 'listing-filters is-open' : 'listing-filters'}
          aria-labelledby="listing-filters-heading"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && drawerOpen) closeDrawer();
          }}
        >
          <h2 id="listing-filters-heading" ref={drawerHeading} tabIndex={-1}>
            {t('filters.title')}
          </h2>
          {active > 0 && (
            <button type="button" className="button-link" onClick={() => apply({ ...NO_FILTERS, sort: filters.sort, query: category ? '' : filters.query })}>
              {t('filters.clear')}
            </button>
          )}
          <HeatingControl />
          <RoomHelper onNeed={(watts) => apply({ ...filters, output: watts })} />
          {filters.output !== null && (
            <p className="output-filter">
              <span>
                {t('filters.output')}: {t('filters.outputFrom', { watts: filters.output, at: heatAt })}
              </span>{' '}
              <button type="button" className="button-link" onClick={() => apply({ ...filters, output: null })}>
                {t('filters.outputClear')}
              </button>
            </p>
          )}
          <FilterPanel
            filters={filters}
            aggregations={listing.aggregations}
            attributes={attributes.status === 'ready' ? attributes.value : []}
            onChange={apply}
          />
          <Button block className="filter-close" onClick={closeDrawer}>
            {t('filters.show', { count: listing.total })}
          </Button>
        </aside>
        <section aria-labelledby="listing-results" className="listing-results" aria-busy={listing.status === 'loading'}>
          <h2 id="listing-results" className="visually-hidden">
            {t('category.results')}
          </h2>
          {listing.status === 'loading' && listing.items.length === 0 && <TileSkeletons />}
          {listing.status === 'ready' && listing.items.length === 0 && !category && filters.query ? (
            <p role="status" className="listing-empty">
              {t('search.none', { query: filters.query })}
            </p>
          ) : (
            (listing.status === 'error' || (listing.status === 'ready' && listing.items.length === 0)) && <EmptyListing />
          )}
          {listing.items.length > 0 && (
            <ul className="product-grid">
              {listing.items.map((product, index) => (
                <li key={product.id}>
                  <ProductTile product={product} eager={index < 4} />
                </li>
              ))}
            </ul>
          )}
          {listing.status === 'ready' && listing.items.length < listing.total && (
            <p className="load-more">
              <span>{t('category.shown', { shown: listing.items.length, total: listing.total })}</span>
              <button type="button" className="button-secondary" onClick={listing.loadMore} disabled={listing.loadingMore}>
                {listing.loadingMore ? t('category.loading') : t('category.loadMore')}
              </button>
            </p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}

const NOT_SYNCHRONIZED = 'No products synchronized for this category. Please come back while online!';

/**
 * Spec §8's warning beside the text the listing shows: once per failed listing (a new load must
 * come between two), and for an empty one only while offline — online an empty category is
 * just empty. Offline is read when the answer comes, in the browser only.
 */
function useSyncWarning(failed: boolean, empty: boolean): void {
  const warned = useRef(false);
  useEffect(() => {
    if (!failed && !empty) {
      warned.current = false;
      return;
    }
    if (warned.current || (!failed && !isOffline())) return;
    warned.current = true;
    notificationRequested.emit({ type: 'warning', message: NOT_SYNCHRONIZED });
  }, [failed, empty]);
}

function EmptyListing() {
  const { t } = useTranslation('catalog');
  return (
    <p role="alert" className="listing-empty">
      {t(NOT_SYNCHRONIZED, { ns: 'messages' })}
    </p>
  );
}

function TileSkeletons() {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index}>
          <div className="product-tile skeleton" />
        </li>
      ))}
    </ul>
  );
}

function ListingSkeleton() {
  return (
    <div className="page-frame" aria-busy="true">
      <div className="skeleton skeleton-heading" />
      <TileSkeletons />
    </div>
  );
}
