import { createServerRender } from '@kaloryfer/ui/server';
import { adviceHead } from './advice/advice-head';
import { cmsHead } from './cms/cms-head';
import { CONTENT_NAMESPACE } from './i18n/namespace';
import { ContentRoutes } from './pages/content-routes';
import { preloadAllRoutePages } from './pages/route-pages';
import { Footer } from './widgets/footer.exposed';

/**
 * The content remote's server build: its pages, and the footer on every page. The footer is
 * links only, so the browser needs none of this remote's code for it (interactive: false).
 */
export const render = createServerRender({
  namespace: CONTENT_NAMESPACE,
  regions: {
    './app': {
      render: () => <ContentRoutes />,
      // What the head says beyond the page frame's title (docs/seo.md): the CMS pages' address, the advice pages' Open Graph and JSON-LD.
      head: ({ request, route, data, i18n }) => ({
        ...cmsHead({ route, data, origin: request.publicOrigin }),
        ...adviceHead({ route, data, origin: request.publicOrigin, language: request.language, i18n }),
      }),
    },
    './Footer': { render: () => <Footer />, interactive: false },
  },
  // Every page's code before the first request: a server render never waits for a page.
  prepare: preloadAllRoutePages,
});
