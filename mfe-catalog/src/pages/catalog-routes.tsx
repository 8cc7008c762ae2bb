import { $route } from '@kaloryfer/contracts';
import { useStore } from '@nanostores/react';
import { BrandsPage, CategoriesPage, CategoryPage, ComparePage, ProductPage } from './frames';
import { HomePage } from './home-page';

/** The catalogue's pages by route name (route table: shared/contracts/src/routes.ts). */
export function CatalogRoutes() {
  const route = useStore($route);
  switch (route.name) {
    case 'home': return <HomePage />;
    case 'categories': return <CategoriesPage />;
    case 'category': return <CategoryPage slug={route.params.slug} />;
    case 'product':
    case 'configurable-product': return <ProductPage sku={route.params.childSku ?? route.params.parentSku} />;
    case 'compare': return <ComparePage />;
    case 'brands': return <BrandsPage />;
    default: return null;
  }
}
