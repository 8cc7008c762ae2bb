import { useTranslation } from '@kaloryfer/i18n';
import { ordersPageHref, pageWindow } from './paging';

/** Real links to the history's pages (they work without script and can be opened in a new tab). */
export function OrdersPager({ page, last }: { page: number; last: number }) {
  const { t } = useTranslation('account');
  if (last <= 1) return null;
  return (
    <nav className="orders-pager" aria-label={t('orders.paging')}>
      <ul>
        {page > 1 && (
          <li>
            <a href={ordersPageHref(Math.min(page - 1, last))} rel="prev">
              {t('orders.previous')}
            </a>
          </li>
        )}
        {pageWindow(page, last).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span aria-hidden="true">…</span>
            ) : (
              <a href={ordersPageHref(number)} aria-current={number === page ? 'page' : undefined} aria-label={t('orders.pageLabel', { page: number })}>
                {number}
              </a>
            )}
          </li>
        ))}
        {page < last && (
          <li>
            <a href={ordersPageHref(page + 1)} rel="next">
              {t('orders.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
