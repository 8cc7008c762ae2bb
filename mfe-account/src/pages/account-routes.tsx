import { $route, $session } from '@kaloryfer/contracts';
import { PageFrame } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';

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
  const route = useStore($route);
  const session = useStore($session);
  if (route.name === 'create-password') {
    return <PageFrame title={t('account.createPassword')} lead={t('account.createPasswordLead')} />;
  }
  const titleKey = TITLES[route.name];
  if (!titleKey) return null;
  const title = t(titleKey, route.params);
  return (
    <PageFrame title={title}>
      {!session.authorised && (
        <p role="alert">{t('You need to be logged in to see this page', { ns: 'messages' })}</p>
      )}
    </PageFrame>
  );
}
