import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CART_NAMESPACE } from '../i18n/namespace';
import { MiniCart } from './MiniCart';

export default createRemoteLifecycles(MiniCart, CART_NAMESPACE);
