import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from './i18n/namespace';
import { AccountRoutes } from './pages/account-routes';
import { startWishlistOwner } from './state/wishlist-owner';

startWishlistOwner();

export default createRemoteLifecycles(AccountRoutes, ACCOUNT_NAMESPACE);
