import type { ReactElement } from 'react';
import { useRoutePageCode } from './route-page';

/** What a route shows in a remote's region: its page (whose code must be here first) and the element drawing it. */
export interface RouteView {
  page: { preload: () => Promise<unknown>; isLoaded: () => boolean };
  element: ReactElement;
}

/** While a page's code arrives (the first visit to that kind of page in a session): its frame, busy. */
function PageCodeLoading() {
  return (
    <div className="page-frame" aria-busy="true">
      <div className="skeleton skeleton-heading" />
    </div>
  );
}

/**
 * A remote's route region: the route's page once its code is here, a busy frame before
 * (docs/rendering.md, "Route-level code"); nothing for a route that is not the remote's.
 */
export function RoutePageRegion({ view }: { view: RouteView | null }) {
  // The first view's page code is here before the first render (the mount's `prepare`); a later route's may not be.
  const ready = useRoutePageCode(view?.page ?? null);
  if (!view) return null;
  return ready ? view.element : <PageCodeLoading />;
}
