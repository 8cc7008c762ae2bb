import { $route } from '@kaloryfer/contracts';
import { createRemoteLifecycles, preloadPagesOnIntent } from '@kaloryfer/ui';
import { CatalogRoutes } from './pages/catalog-routes';
import { preloadRoutePage } from './pages/route-pages';
import { CATALOG_NAMESPACE } from './i18n/namespace';

preloadPagesOnIntent('catalog', preloadRoutePage);

export default createRemoteLifecycles(CatalogRoutes, CATALOG_NAMESPACE, { prepare: () => preloadRoutePage($route.get()) });
