import { $route } from '@kaloryfer/contracts';
import { RoutePageRegion, useRequestStore } from '@kaloryfer/ui';
import { adoptStoredTemperatures } from '../heating/heating-at';
import { startCatalogOwners } from '../state/catalog-owners';
import { useEffect } from 'react';
import { routeView } from './route-pages';

startCatalogOwners();

/** The catalogue's region: the page of the current route, once its code is here. */
export function CatalogRoutes() {
  const route = useRequestStore($route);
  useEffect(adoptStoredTemperatures, []);
  return <RoutePageRegion view={routeView(route)} />;
}
