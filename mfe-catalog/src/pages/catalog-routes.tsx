import { $route } from '@kaloryfer/contracts';
import { useRequestStore, useRoutePageCode } from '@kaloryfer/ui';
import { adoptStoredTemperatures } from '../heating/heating-at';
import { startCatalogOwners } from '../state/catalog-owners';
import { useEffect } from 'react';
import { routeView } from './route-pages';

startCatalogOwners();

/** While a page's code arrives (the first visit to that kind of page in a session): its frame, busy. */
function PageCodeLoading() {
  return (
    <div className="page-frame" aria-busy="true">
      <div className="skeleton skeleton-heading" />
    </div>
  );
}

/** The catalogue's region: the page of the current route, once its code is here. */
export function CatalogRoutes() {
  const route = useRequestStore($route);
  useEffect(adoptStoredTemperatures, []);
  const view = routeView(route);
  // The first view's page code is here before the first render (app.tsx); a later route's may not be.
  const ready = useRoutePageCode(view?.page ?? null);
  if (!view) return null;
  return ready ? view.element : <PageCodeLoading />;
}
