import { createServerRender } from '@kaloryfer/ui/server';
import { CHECKOUT_NAMESPACE } from './i18n/namespace';
import { CheckoutRoutes } from './pages/checkout-routes';

/**
 * The checkout's server build, one per variant: the frame of the assigned variant (title, lead,
 * build) while the shopper's cart, which lives in their browser, loads after hydration.
 */
export const render = createServerRender({
  namespace: CHECKOUT_NAMESPACE,
  regions: { './app': { render: () => <CheckoutRoutes /> } },
});
