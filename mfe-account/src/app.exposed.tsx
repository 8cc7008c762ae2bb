import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from './i18n/namespace';
import { AccountRoutes } from './pages/account-routes';
import { startAccountOwners } from './state/start-owners';

startAccountOwners();

export default createRemoteLifecycles(AccountRoutes, ACCOUNT_NAMESPACE);
