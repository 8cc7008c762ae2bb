import { $route } from '@kaloryfer/contracts';
import { RoutePageRegion, useRequestStore } from '@kaloryfer/ui';
import { routeView } from './route-pages';

/** The content remote's region: the page of the current route (CMS pages, advice, status pages), once its code is here. */
export function ContentRoutes() {
  const route = useRequestStore($route);
  return <RoutePageRegion view={routeView(route)} />;
}
