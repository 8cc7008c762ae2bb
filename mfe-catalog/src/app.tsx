import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CatalogRoutes } from './pages/catalog-routes';
import { CATALOG_NAMESPACE } from './i18n/namespace';

export default createRemoteLifecycles(CatalogRoutes, CATALOG_NAMESPACE);
