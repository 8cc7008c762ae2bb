import { $route } from '@kaloryfer/contracts';
import { useRequestStore } from '@kaloryfer/ui';
import { ComparePage } from '../compare/ComparePage';
import { HomePage } from '../home/HomePage';
import { CategoryPage, SearchResultsPage } from '../listing/CategoryPage';
import { activeFilterCount, parseListingQuery } from '../listing/route-filters';
import { ProductPage } from '../product/ProductPage';
import { startCatalogOwners } from '../state/catalog-owners';
import { adoptStoredTemperatures } from '../heating/heating-at';
import { useEffect } from 'react';
import { BrandsPage } from './BrandsPage';
import { CategoriesPage } from './CategoriesPage';
import { UrlDispatcher } from './UrlDispatcher';

startCatalogOwners();

/** The catalogue's pages by route name (route table: shared/contracts/src/routes.ts). */
export function CatalogRoutes() {
  const route = useRequestStore($route);
  useEffect(adoptStoredTemperatures, []);
  switch (route.name) {
    case 'home':
      return <HomePage />;
    // With search text or a filter (a brand's link: ?manufacturer=…) /categories lists every
    // matching product; bare, it is the category tree.
    case 'categories':
      return activeFilterCount(parseListingQuery(route.search)) > 0 ? <SearchResultsPage /> : <CategoriesPage />;
    case 'category':
      return <CategoryPage slug={route.params.slug} />;
    case 'product':
    case 'configurable-product':
      return <ProductPage parentSku={route.params.parentSku} childSku={route.params.childSku} />;
    case 'compare':
      return <ComparePage />;
    case 'brands':
      return <BrandsPage />;
    case 'url-dispatcher':
      return <UrlDispatcher />;
    default:
      return null;
  }
}
