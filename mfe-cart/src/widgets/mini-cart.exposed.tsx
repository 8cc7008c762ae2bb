import { createRemoteLifecycles } from '@kaloryfer/ui';
import { startCartOwner } from '../engine/cart-owner';
import { CART_NAMESPACE } from '../i18n/namespace';
import { MiniCart } from './mini-cart';

// The header's mini-cart is on every page, so the cart engine starts with it.
startCartOwner();

export default createRemoteLifecycles(MiniCart, CART_NAMESPACE);
