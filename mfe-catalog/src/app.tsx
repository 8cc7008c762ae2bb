import { $route } from '@kaloryfer/contracts';
import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CatalogRoutes } from './pages/catalog-routes';
import { preloadOnIntent, preloadRoutePage } from './pages/route-pages';
import { CATALOG_NAMESPACE } from './i18n/namespace';

preloadOnIntent();

export default createRemoteLifecycles(CatalogRoutes, CATALOG_NAMESPACE, { prepare: () => preloadRoutePage($route.get()) });
