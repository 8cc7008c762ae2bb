import { $route, linkTo, type RouteIntent } from '@kaloryfer/contracts';
import { PageFrame, useRequestStore } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import type { ReactNode } from 'react';

const SECTIONS: { route: string; intent: RouteIntent; labelKey: string }[] = [
  { route: 'my-account', intent: { name: 'my-account' }, labelKey: 'account.title' },
  { route: 'shipping-details', intent: { name: 'my-account', section: 'shipping-details' }, labelKey: 'account.shippingDetails' },
  { route: 'orders', intent: { name: 'my-account', section: 'orders' }, labelKey: 'account.orders' },
  { route: 'newsletter', intent: { name: 'my-account', section: 'newsletter' }, labelKey: 'account.newsletter' },
  { route: 'recently-viewed', intent: { name: 'my-account', section: 'recently-viewed' }, labelKey: 'account.recentlyViewed' },
];

/** A signed-in customer's page: the frame, the account's sections beside it, the page itself. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const route = useRequestStore($route);
  const current = route.name === 'order' ? 'orders' : route.name === 'en-my-account' ? 'my-account' : route.name;
  return (
    <PageFrame title={title} crumbs={route.name === 'my-account' ? [] : [{ label: t('account.title'), intent: { name: 'my-account' } }]}>
      <div className="account-layout">
        <nav className="account-nav" aria-label={t('account.sections')}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.route}>
                <a href={linkTo(section.intent)} aria-current={section.route === current ? 'page' : undefined}>{t(section.labelKey)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-content">{children}</div>
      </div>
    </PageFrame>
  );
}
