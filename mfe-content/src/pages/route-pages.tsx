import type { RouteState } from '@kaloryfer/contracts';
import { routePage, type RouteView } from '@kaloryfer/ui';

/**
 * The content remote's pages, each its own chunk (docs/rendering.md, "Route-level code"): an
 * advice article brings the article's code, not the CMS pages' and the status pages' too.
 */
export const CmsPage = routePage('page-cms', () => import(/* webpackChunkName: "page-cms" */ '../cms/cms-page').then((m) => m.CmsPage));
export const AdviceListPage = routePage('page-advice-list', () =>
  import(/* webpackChunkName: "page-advice-list" */ '../advice/advice-list-page').then((m) => m.AdviceListPage),
);
export const AdviceArticlePage = routePage('page-advice-article', () =>
  import(/* webpackChunkName: "page-advice-article" */ '../advice/advice-article-page').then((m) => m.AdviceArticlePage),
);
export const ErrorPage = routePage('page-error', () => import(/* webpackChunkName: "page-error" */ '../status-pages/error-page').then((m) => m.ErrorPage));
export const PayLaterPage = routePage('page-pay-later', () =>
  import(/* webpackChunkName: "page-pay-later" */ '../status-pages/pay-later-page').then((m) => m.PayLaterPage),
);
export const NotFoundPage = routePage('page-not-found', () =>
  import(/* webpackChunkName: "page-not-found" */ '../status-pages/not-found-page').then((m) => m.NotFoundPage),
);

/** The content remote's page for a route: CMS pages, advice, and the status pages; null: not its. */
export function routeView(route: Pick<RouteState, 'name' | 'params'>): RouteView | null {
  switch (route.name) {
    case 'cms-page':
    case 'en-cms-page':
      return { page: CmsPage, element: <CmsPage key={route.params.slug} slug={route.params.slug} /> };
    case 'advice':
      return { page: AdviceListPage, element: <AdviceListPage /> };
    case 'advice-article':
      return { page: AdviceArticlePage, element: <AdviceArticlePage slug={route.params.slug} /> };
    case 'error':
      return { page: ErrorPage, element: <ErrorPage /> };
    case 'placepozniej':
      return { page: PayLaterPage, element: <PayLaterPage /> };
    case 'page-not-found':
      return { page: NotFoundPage, element: <NotFoundPage /> };
    default:
      return null;
  }
}

/** Loads the code of the page a route shows, before the region renders it. */
export async function preloadRoutePage(route: Pick<RouteState, 'name' | 'params'>): Promise<void> {
  await routeView(route)?.page.preload();
}

/** Every page's code: the server render draws any of them synchronously. */
export function preloadAllRoutePages(): Promise<unknown> {
  return Promise.all([CmsPage, AdviceListPage, AdviceArticlePage, ErrorPage, PayLaterPage, NotFoundPage].map((page) => page.preload()));
}
