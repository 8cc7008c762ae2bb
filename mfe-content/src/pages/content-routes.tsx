import { $route } from '@kaloryfer/contracts';
import { useRequestStore, useRoutePageCode } from '@kaloryfer/ui';
import { routeView } from './route-pages';

/** While a page's code arrives (the first visit to that kind of page in a session): its frame, busy. */
function PageCodeLoading() {
  return (
    <div className="page-frame" aria-busy="true">
      <div className="skeleton skeleton-heading" />
    </div>
  );
}

/** The content remote's region: the page of the current route, once its code is here. */
export function ContentRoutes() {
  const route = useRequestStore($route);
  const view = routeView(route);
  // The first view's page code is here before the first render (app.tsx); a later route's may not be.
  const ready = useRoutePageCode(view?.page ?? null);
  if (!view) return null;
  return ready ? view.element : <PageCodeLoading />;
}
