import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { WishlistPanel } from './WishlistPanel';

export default createRemoteLifecycles(WishlistPanel, ACCOUNT_NAMESPACE);
