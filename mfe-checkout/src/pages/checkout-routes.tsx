import { $route } from '@kaloryfer/contracts';
import { useRequestStore } from '@kaloryfer/ui';
import { CheckoutPage } from './checkout-page';
import { ThankYouPage } from './thank-you-page';

export function CheckoutRoutes() {
  const route = useRequestStore($route);
  if (route.name === 'thank-you-page') return <ThankYouPage search={route.search} />;
  if (route.name === 'checkout' || route.name === 'en-checkout') return <CheckoutPage hash={route.hash} />;
  return null;
}
