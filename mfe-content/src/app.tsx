import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CONTENT_NAMESPACE } from './i18n/namespace';
import { ContentRoutes } from './pages/content-routes';

export default createRemoteLifecycles(ContentRoutes, CONTENT_NAMESPACE);
