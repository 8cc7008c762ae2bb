import { $route, linkTo, type RouteIntent } from '@kaloryfer/contracts';
import { PageFrame, useRequestStore, type Crumb } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import type { ReactNode } from 'react';
import './account.css';

const SECTIONS: { route: string; intent: RouteIntent; labelKey: string }[] = [
  { route: 'my-account', intent: { name: 'my-account' }, labelKey: 'account.title' },
  { route: 'shipping-details', intent: { name: 'my-account', section: 'shipping-details' }, labelKey: 'account.shippingDetails' },
  { route: 'orders', intent: { name: 'my-account', section: 'orders' }, labelKey: 'account.orders' },
  { route: 'newsletter', intent: { name: 'my-account', section: 'newsletter' }, labelKey: 'account.newsletter' },
  { route: 'recently-viewed', intent: { name: 'my-account', section: 'recently-viewed' }, labelKey: 'account.recentlyViewed' },
];

/**
 * A signed-in customer's page: the frame, the account's sections (beside the page on a desktop,
 * above it on a phone: account.css), the page itself.
 */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const route = useRequestStore($route);
  const current = route.name === 'order' ? 'orders' : route.name === 'en-my-account' ? 'my-account' : route.name;
  // Home › Moje konto › (Historia zamówień ›) the page; the account's own page is its own last crumb.
  const crumbs: Crumb[] =
    current === 'my-account'
      ? []
      : [
          { label: t('account.title'), intent: { name: 'my-account' } },
          ...(route.name === 'order' ? [{ label: t('account.orders'), intent: { name: 'my-account', section: 'orders' } } satisfies Crumb] : []),
        ];
  // An order's page is inside "Historia zamówień": that link is the current section, not the current page.
  const currentOf = (section: string) => (section !== current ? undefined : route.name === 'order' ? 'true' : 'page');
  return (
    <PageFrame title={title} crumbs={crumbs}>
      <div className="account-layout">
        <nav className="account-nav" aria-label={t('account.sections')}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.route}>
                <a href={linkTo(section.intent)} aria-current={currentOf(section.route)}>
                  {t(section.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-content">{children}</div>
      </div>
    </PageFrame>
  );
}
