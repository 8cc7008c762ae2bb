import type { RouteState } from '@kaloryfer/contracts';
import { routePage, type RouteView } from '@kaloryfer/ui';
import { activeFilterCount, parseListingQuery } from '../listing/route-filters';

/**
 * The catalogue's pages, each its own chunk (docs/rendering.md, "Route-level code"): a first
 * visit to the home page brings the home page's code, not the product page's, the listing's
 * and the compare table's too.
 */
export const HomePage = routePage('page-home', () => import(/* webpackChunkName: "page-home" */ '../home/home-page').then((m) => m.HomePage));
export const CategoryPage = routePage('page-category', () =>
  import(/* webpackChunkName: "page-category" */ '../listing/category-page').then((m) => m.CategoryPage),
);
export const SearchResultsPage = routePage('page-category', () =>
  import(/* webpackChunkName: "page-category" */ '../listing/category-page').then((m) => m.SearchResultsPage),
);
export const CategoriesPage = routePage('page-categories', () =>
  import(/* webpackChunkName: "page-categories" */ './categories-page').then((m) => m.CategoriesPage),
);
export const ProductPage = routePage('page-product', () => import(/* webpackChunkName: "page-product" */ '../product/product-page').then((m) => m.ProductPage));
export const ComparePage = routePage('page-compare', () => import(/* webpackChunkName: "page-compare" */ '../compare/compare-page').then((m) => m.ComparePage));
export const BrandsPage = routePage('page-brands', () => import(/* webpackChunkName: "page-brands" */ './brands-page').then((m) => m.BrandsPage));
export const UrlDispatcher = routePage('page-url-dispatcher', () =>
  import(/* webpackChunkName: "page-url-dispatcher" */ './url-dispatcher').then((m) => m.UrlDispatcher),
);

/** /categories with search text or a filter lists products; bare, it is the category tree. */
export function isProductSearch(search: string): boolean {
  return activeFilterCount(parseListingQuery(search)) > 0;
}

/** The catalogue's page for a route (route table: shared/contracts/src/routes.ts); null: not the catalogue's. */
export function routeView(route: Pick<RouteState, 'name' | 'search' | 'params'>): RouteView | null {
  switch (route.name) {
    case 'home':
      return { page: HomePage, element: <HomePage /> };
    // With search text or a filter (a brand's link: ?manufacturer=…) /categories lists every
    // matching product; bare, it is the category tree.
    case 'categories':
      return isProductSearch(route.search)
        ? { page: SearchResultsPage, element: <SearchResultsPage /> }
        : { page: CategoriesPage, element: <CategoriesPage /> };
    case 'category':
      return { page: CategoryPage, element: <CategoryPage slug={route.params.slug} /> };
    case 'product':
    case 'configurable-product':
      return { page: ProductPage, element: <ProductPage parentSku={route.params.parentSku} childSku={route.params.childSku} /> };
    case 'compare':
      return { page: ComparePage, element: <ComparePage /> };
    case 'brands':
      return { page: BrandsPage, element: <BrandsPage /> };
    case 'url-dispatcher':
      return { page: UrlDispatcher, element: <UrlDispatcher /> };
    default:
      return null;
  }
}

/** Loads the code of the page a route shows, before the region renders it. */
export async function preloadRoutePage(route: Pick<RouteState, 'name' | 'search' | 'params'>): Promise<void> {
  await routeView(route)?.page.preload();
}

/** Every page's code: the server render draws any of them synchronously. */
export function preloadAllRoutePages(): Promise<unknown> {
  return Promise.all(
    [HomePage, CategoryPage, SearchResultsPage, CategoriesPage, ProductPage, ComparePage, BrandsPage, UrlDispatcher].map((page) => page.preload()),
  );
}
