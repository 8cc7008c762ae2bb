import { $route, $session, loginRequested, NO_SESSION } from '@kaloryfer/contracts';
import { Button, PageFrame, useClientStore, useHydrated, useRequestStore } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { useEffect, type ReactNode } from 'react';
import { AccountLayout } from './account-layout';
import { OrderPage } from './orders/order-page';
import { OrdersPage } from './orders/orders-page';
import { RecentlyViewedPage } from './orders/recently-viewed-page';
import { AddressesPage } from './profile/addresses-page';
import { CreatePasswordPage } from './profile/create-password-page';
import { NewsletterPage } from './profile/newsletter-page';
import { ProfilePage } from './profile/profile-page';

/** Each my-account route: its title key and its page (shown to a signed-in customer only). */
const GUARDED: Record<string, { titleKey: string; page: () => ReactNode }> = {
  'my-account': { titleKey: 'account.title', page: () => <ProfilePage /> },
  'en-my-account': { titleKey: 'account.title', page: () => <ProfilePage /> },
  'shipping-details': { titleKey: 'account.shippingDetails', page: () => <AddressesPage /> },
  newsletter: { titleKey: 'account.newsletter', page: () => <NewsletterPage /> },
  orders: { titleKey: 'account.orders', page: () => <OrdersPage /> },
  order: { titleKey: 'account.order', page: () => <OrderPage /> },
  'recently-viewed': { titleKey: 'account.recentlyViewed', page: () => <RecentlyViewedPage /> },
};

/**
 * Account pages. Every my-account route needs a signed-in customer (spec §2): signed out, the
 * page says so and offers the sign-in dialog; once signed in the same route shows its page, so
 * the shopper lands where they asked to go. Who is signed in is known in the browser only: the
 * server (and the hydrating render) draws the frame.
 */
export function AccountRoutes() {
  const { t } = useTranslation('account');
  const route = useRequestStore($route);
  const hydrated = useHydrated();
  const session = useClientStore($session, NO_SESSION);
  const guarded = GUARDED[route.name];
  const signedOut = hydrated && guarded !== undefined && !session.authorised;
  useEffect(() => {
    if (signedOut) loginRequested.emit({ mode: 'login', reason: 'guarded-page' });
  }, [signedOut]);
  if (route.name === 'create-password') return <CreatePasswordPage />;
  if (!guarded) return null;
  const title = t(guarded.titleKey, route.params);
  if (!hydrated || !session.authorised) {
    return (
      <PageFrame title={title}>
        {signedOut && (
          <div className="account-guard">
            <p role="alert">{t('You need to be logged in to see this page', { ns: 'messages' })}</p>
            <Button onClick={() => loginRequested.emit({ mode: 'login', reason: 'guarded-page' })}>{t('account.login')}</Button>
          </div>
        )}
      </PageFrame>
    );
  }
  return <AccountLayout title={title}>{guarded.page()}</AccountLayout>;
}
