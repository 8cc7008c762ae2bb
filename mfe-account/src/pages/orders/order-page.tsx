import type { OrderAddress as PlacedAddress, OrderHistoryEntry } from '@kaloryfer/api-contract';
import { $route } from '@kaloryfer/contracts';
import { formatShortDay, useTranslation } from '@kaloryfer/i18n';
import { useRequestStore } from '@kaloryfer/ui';
import { useRef } from 'react';
import { accountApi } from '../../session/account-api';
import { LoadProblem } from './load-problem';
import { OrderActions } from './order-actions';
import { OrderLines } from './order-lines';
import { OrderTotals } from './order-totals';
import { addressLines, paymentStateKey, statusKey } from './order-format';
import { ordersPageHref } from './paging';
import { useAccountLoad } from './use-account-load';
import './orders.css';

/**
 * /my-account/orders/{orderId} — one of the customer's orders. The API answers 404 for a
 * number that is not theirs exactly as for one that does not exist: the page says only that
 * there is no such order in the account.
 */
export function OrderPage() {
  const { t } = useTranslation('account');
  const orderId = useRequestStore($route).params.orderId ?? '';
  const { state, retry } = useAccountLoad(`order:${orderId}`, () => accountApi.order(orderId));
  const region = useRef<HTMLDivElement>(null);
  const backLink = <a href={ordersPageHref(1)}>{t('order.backToList')}</a>;

  return (
    <div ref={region} tabIndex={-1} className="order-page" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && <p role="status">{t('order.loading')}</p>}
      {state.kind === 'failed' && state.status === 404 && (
        <div className="orders-empty">
          <p>{t('order.notFound', { orderId })}</p>
          {backLink}
        </div>
      )}
      {state.kind === 'failed' && state.status !== 404 && (
        <LoadProblem
          message={t('order.loadFailed')}
          onRetry={() => {
            retry();
            region.current?.focus();
          }}
        />
      )}
      {state.kind === 'loaded' && (
        <>
          <OrderFacts order={state.value} />
          <OrderActions order={state.value} />
          <OrderLines order={state.value} />
          <OrderTotals order={state.value} />
          <OrderAddresses order={state.value} />
          <p className="order-back">{backLink}</p>
        </>
      )}
    </div>
  );
}

function OrderFacts({ order }: { order: OrderHistoryEntry }) {
  const { t, i18n } = useTranslation('account');
  return (
    <section className="order-section" aria-labelledby="order-summary">
      <h2 id="order-summary" className="visually-hidden">
        {t('order.summary')}
      </h2>
      <dl className="order-facts">
        <div>
          <dt>{t('orders.number')}</dt>
          <dd>{order.increment_id}</dd>
        </div>
        <div>
          <dt>{t('order.placedAt')}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatShortDay(order.created_at, i18n.language)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{t(statusKey(order.status), { defaultValue: order.status })}</dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>{t(paymentStateKey(order.payment_state), { defaultValue: order.payment_state })}</dd>
        </div>
        <div>
          <dt>{t('order.paymentMethod')}</dt>
          <dd>{order.payment.additional_information[0] ?? order.payment.method}</dd>
        </div>
        {order.shipping_description && (
          <div>
            <dt>{t('order.shippingMethod')}</dt>
            <dd>{order.shipping_description}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function OrderAddress({ id, title, address }: { id: string; title: string; address: PlacedAddress }) {
  const { t } = useTranslation('account');
  const lines = [
    ...addressLines(address),
    ...(address.vat_id ? [t('order.nip', { nip: address.vat_id })] : []),
    ...(address.telephone ? [t('order.phone', { phone: address.telephone })] : []),
  ];
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <address>
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </section>
  );
}

function OrderAddresses({ order }: { order: OrderHistoryEntry }) {
  const { t } = useTranslation('account');
  return (
    <div className="order-section order-addresses">
      <OrderAddress id="order-shipping-address" title={t('order.shippingAddress')} address={order.shipping_address} />
      <OrderAddress id="order-billing-address" title={t('order.billingAddress')} address={order.billing_address} />
    </div>
  );
}
