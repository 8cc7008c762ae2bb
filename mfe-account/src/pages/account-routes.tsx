import { $route, $session, NO_SESSION } from '@kaloryfer/contracts';
import { PageFrame, useClientStore, useHydrated, useRequestStore } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';

const TITLES: Record<string, string> = {
  'my-account': 'account.title',
  'en-my-account': 'account.title',
  'shipping-details': 'account.shippingDetails',
  'newsletter': 'account.newsletter',
  'orders': 'account.orders',
  'order': 'account.order',
  'recently-viewed': 'account.recentlyViewed',
};

/** Account pages. Every my-account route needs a logged-in customer (spec §2). */
export function AccountRoutes() {
  const { t } = useTranslation('account');
  const route = useRequestStore($route);
  // Whether anyone is signed in is known in the browser only: the server renders the frame.
  const hydrated = useHydrated();
  const session = useClientStore($session, NO_SESSION);
  if (route.name === 'create-password') {
    return <PageFrame title={t('account.createPassword')} lead={t('account.createPasswordLead')} />;
  }
  const titleKey = TITLES[route.name];
  if (!titleKey) return null;
  const title = t(titleKey, route.params);
  return (
    <PageFrame title={title}>
      {hydrated && !session.authorised && (
        <p role="alert">{t('You need to be logged in to see this page', { ns: 'messages' })}</p>
      )}
    </PageFrame>
  );
}
