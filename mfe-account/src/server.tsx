import { createServerRender } from '@kaloryfer/ui/server';
import { ACCOUNT_NAMESPACE } from './i18n/namespace';
import { AccountRoutes } from './pages/account-routes';

/** The account remote's server build: the frame of its pages (who is signed in is known in the browser). */
export const render = createServerRender({
  namespace: ACCOUNT_NAMESPACE,
  regions: { './app': { render: () => <AccountRoutes /> } },
});
