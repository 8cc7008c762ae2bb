import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { startWishlistOwner } from '../state/wishlist-owner';
import { WishlistPanel } from './WishlistPanel';

startWishlistOwner();

export default createRemoteLifecycles(WishlistPanel, ACCOUNT_NAMESPACE);
