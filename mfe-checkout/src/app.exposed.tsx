import { createRemoteLifecycles } from '@kaloryfer/ui';
import { CHECKOUT_NAMESPACE } from './i18n/namespace';
import { CheckoutRoutes } from './pages/checkout-routes';

export default createRemoteLifecycles(CheckoutRoutes, CHECKOUT_NAMESPACE);
