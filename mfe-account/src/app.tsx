import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from './i18n/namespace';
import { AccountRoutes } from './pages/account-routes';

export default createRemoteLifecycles(AccountRoutes, ACCOUNT_NAMESPACE);
