import { $route } from '@kaloryfer/contracts';
import { createRemoteLifecycles, preloadPagesOnIntent } from '@kaloryfer/ui';
import { CONTENT_NAMESPACE } from './i18n/namespace';
import { ContentRoutes } from './pages/content-routes';
import { preloadRoutePage } from './pages/route-pages';

preloadPagesOnIntent('content', preloadRoutePage);

export default createRemoteLifecycles(ContentRoutes, CONTENT_NAMESPACE, { prepare: () => preloadRoutePage($route.get()) });
