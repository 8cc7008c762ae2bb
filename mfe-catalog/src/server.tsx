import { createServerRender } from '@kaloryfer/ui/server';
import { $heatingAt, HEATING_COOKIE, temperaturesFromCookie } from './heating/heating-at';
import { CATALOG_NAMESPACE } from './i18n/namespace';
import { CatalogRoutes } from './pages/catalog-routes';
import { preloadAllRoutePages } from './pages/route-pages';
import { catalogHead } from './seo/catalog-head';

/**
 * The catalogue's server build (docs/rendering.md): the route's page as HTML with the data it
 * was rendered from, and its head (canonical, robots, Open Graph, JSON-LD: docs/seo.md). The shopper's temperatures come from
 * their cookie, so tiles and product pages show the same outputs the browser then hydrates.
 */
export const render = createServerRender({
  namespace: CATALOG_NAMESPACE,
  regions: {
    './app': {
      render: () => <CatalogRoutes />,
      head: ({ request, route, data, i18n }) =>
        catalogHead({
          route,
          data,
          origin: request.publicOrigin,
          language: request.language,
          homeCrumb: i18n.t('breadcrumbs.home', { ns: 'common' }),
          shopName: i18n.t('shop.name', { ns: 'common' }),
        }),
    },
  },
  // Every page's code before the first request: a server render never waits for a page.
  prepare: preloadAllRoutePages,
  stores: (request) => [[$heatingAt, temperaturesFromCookie(request.cookies[HEATING_COOKIE])]],
});
