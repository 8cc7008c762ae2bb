import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { startAccountOwners } from '../state/start-owners';
import { WishlistPanel } from './wishlist-panel';

startAccountOwners();

export default createRemoteLifecycles(WishlistPanel, ACCOUNT_NAMESPACE);
