import type { OrderHistoryEntry } from '@kaloryfer/api-contract';
import { $route, linkTo } from '@kaloryfer/contracts';
import { formatShortDay, useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { useRequestStore } from '@kaloryfer/ui';
import { useRef } from 'react';
import { accountApi } from '../../session/account-api';
import { LoadProblem } from './load-problem';
import { paymentStateKey, statusKey } from './order-format';
import { OrdersPager } from './orders-pager';
import { ordersPageHref, pageFromSearch } from './paging';
import { useAccountLoad } from './use-account-load';
import './orders.css';

/** Spec §9: the order history shows 20 orders a page. */
export const ORDERS_PER_PAGE = 20;

/**
 * /my-account/orders?page=N — the customer's orders, newest first: a table on a wide screen,
 * the same rows as cards on a phone (orders.css), each with a link to the order.
 */
export function OrdersPage() {
  const { t } = useTranslation('account');
  const page = pageFromSearch(useRequestStore($route).search);
  const { state, retry } = useAccountLoad(`orders:${page}`, () => accountApi.orderHistory(page, ORDERS_PER_PAGE));
  const region = useRef<HTMLDivElement>(null);

  return (
    <div ref={region} tabIndex={-1} className="orders-page" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && <p role="status">{t('orders.loading')}</p>}
      {state.kind === 'failed' && (
        <LoadProblem
          message={t('orders.loadFailed')}
          onRetry={() => {
            retry();
            region.current?.focus();
          }}
        />
      )}
      {state.kind === 'loaded' &&
        (state.value.total_count === 0 ? (
          <div className="orders-empty">
            <p>{t('orders.empty')}</p>
            <a className="button" href={linkTo({ name: 'home' })}>
              {t('orders.goShopping')}
            </a>
          </div>
        ) : (
          <>
            {state.value.items.length === 0 ? (
              <p>
                {t('orders.pageEmpty')} <a href={ordersPageHref(1)}>{t('orders.firstPage')}</a>
              </p>
            ) : (
              <OrdersTable orders={state.value.items} />
            )}
            <OrdersPager page={page} last={Math.ceil(state.value.total_count / ORDERS_PER_PAGE)} />
          </>
        ))}
    </div>
  );
}

/**
 * One table; below 640 px orders.css lays each row out as a card (label before each value from
 * `data-label`). The explicit roles keep it a table for screen readers once CSS changes how it
 * displays (some browsers drop table semantics from `display: block`).
 */
function OrdersTable({ orders }: { orders: OrderHistoryEntry[] }) {
  const { t, i18n } = useTranslation('account');
  const formatPrice = useFormatPrice();
  return (
    // Explicit table roles on purpose: on a phone the CSS turns rows into cards (display: block),
    // which drops a table's implicit semantics in Chrome and Safari; the roles keep them.
    /* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
    <table className="orders-table" role="table">
      <caption className="visually-hidden">{t('orders.caption')}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            {t('orders.number')}
          </th>
          <th scope="col" role="columnheader">
            {t('orders.date')}
          </th>
          <th scope="col" role="columnheader">
            {t('orders.status')}
          </th>
          <th scope="col" role="columnheader">
            {t('orders.payment')}
          </th>
          <th scope="col" role="columnheader" className="orders-amount">
            {t('orders.total')}
          </th>
          <th scope="col" role="columnheader">
            <span className="visually-hidden">{t('orders.details')}</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {orders.map((order) => (
          <tr key={order.increment_id} role="row">
            <th scope="row" role="rowheader" data-label={t('orders.number')}>
              {order.increment_id}
            </th>
            <td role="cell" data-label={t('orders.date')}>
              <time dateTime={order.created_at}>{formatShortDay(order.created_at, i18n.language)}</time>
            </td>
            <td role="cell" data-label={t('orders.status')}>
              {t(statusKey(order.status), { defaultValue: order.status })}
            </td>
            <td role="cell" data-label={t('orders.payment')} className={order.payment_state === 'failed' ? 'orders-failed' : undefined}>
              {t(paymentStateKey(order.payment_state), { defaultValue: order.payment_state })}
            </td>
            <td role="cell" data-label={t('orders.total')} className="orders-amount">
              {formatPrice(order.grand_total)}
            </td>
            <td role="cell" className="orders-link">
              <a href={linkTo({ name: 'order', orderId: order.increment_id })}>
                {t('orders.details')}
                <span className="visually-hidden"> {t('orders.detailsOf', { number: order.increment_id })}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    /* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
  );
}
