import type { ShopperOrder } from '@kaloryfer/api-contract';
import { linkTo } from '@kaloryfer/contracts';
import { SHOP_BANK_ACCOUNT } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import { PageFrame, useHydrated } from '@kaloryfer/ui';
import { useEffect, useState } from 'react';
import { checkoutApi } from '../checkout/checkout-api';
import '../checkout/checkout.css';
import { accountOutcomeOf, clientOrderIdOf } from '../domain/placed-orders';
import { AccountOffer } from './account-offer';
import { OfflineOrderPage } from './offline-order-page';

/** How often and how long the page asks whether the gateway's notification has arrived. */
export const STATUS_POLL = { everyMs: 2000, times: 30 };

type Load = { kind: 'loading' } | { kind: 'loaded'; order: ShopperOrder } | { kind: 'unknown' };

/**
 * /thank-you-page?order_increment_id=…&error=… — the order confirmation and the return address
 * after online payment. The payment state is the server's (only a verified notification makes
 * an order paid; `error=501` from the gateway is shown as a failure with a retry).
 */
export function ThankYouPage({ search }: { search: string }) {
  const offlineOrder = new URLSearchParams(search).get('offline_order');
  return offlineOrder ? <OfflineOrderPage clientOrderId={offlineOrder} /> : <PlacedOrderPage search={search} />;
}

function PlacedOrderPage({ search }: { search: string }) {
  const { t } = useTranslation('checkout');
  const params = new URLSearchParams(search);
  const number = params.get('order_increment_id');
  const gatewayError = params.get('error');
  // Which order is the shopper's own is kept in their browser: read after the first render.
  const hydrated = useHydrated();
  const clientOrderId = hydrated && number ? clientOrderIdOf(number) : null;
  const account = hydrated && number ? accountOutcomeOf(number) : null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [retry, setRetry] = useState<'idle' | 'working' | 'failed'>('idle');

  useEffect(() => {
    if (!hydrated) return undefined;
    if (!number || !clientOrderId) {
      setLoad({ kind: 'unknown' });
      return undefined;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      try {
        const order = await checkoutApi.orderStatus(number, clientOrderId);
        if (!live) return;
        setLoad({ kind: 'loaded', order });
        // Waiting for the gateway's notification: ask again for a while (not when the gateway already said it failed).
        if (order.paymentState === 'awaiting' && !gatewayError && left > 0) timer = setTimeout(() => void ask(left - 1), STATUS_POLL.everyMs);
      } catch {
        if (live) setLoad((current) => (current.kind === 'loaded' ? current : { kind: 'unknown' }));
      }
    };
    void ask(STATUS_POLL.times);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [hydrated, number, clientOrderId, gatewayError]);

  const retryPayment = async () => {
    if (!number || !clientOrderId) return;
    setRetry('working');
    try {
      window.location.assign((await checkoutApi.retryPayment(number, clientOrderId)).paymentRedirect);
    } catch {
      setRetry('failed');
    }
  };

  if (!number) {
    return (
      <PageFrame title={t('thankYou.title')}>
        <p>{t('thankYou.noNumber')}</p>
        <a className="button" href={linkTo({ name: 'home' })}>
          {t('checkout.backToShop')}
        </a>
      </PageFrame>
    );
  }
  const order = load.kind === 'loaded' ? load.order : null;
  const failed = order ? order.paymentState === 'failed' || (order.paymentState === 'awaiting' && gatewayError !== null) : gatewayError !== null;

  return (
    <PageFrame title={t('thankYou.title')}>
      <p className="thank-you-number">{t('thankYou.number', { number })}</p>
      {load.kind === 'loading' ? <p role="status">{t('thankYou.loading')}</p> : null}
      <div className={`thank-you-payment${failed ? ' thank-you-failed' : ''}`} role={failed ? 'alert' : 'status'}>
        {failed ? (
          <>
            <h2>{t('thankYou.payment.failed.title')}</h2>
            <p>{t('thankYou.payment.failed.text')}</p>
            {clientOrderId ? (
              <button type="button" className="button" onClick={() => void retryPayment()} disabled={retry === 'working'}>
                {t('thankYou.payment.retry')}
              </button>
            ) : null}
            {retry === 'failed' ? <p className="form-error">{t('Something went wrong', { ns: 'messages' })}</p> : null}
          </>
        ) : order?.paymentState === 'paid' ? (
          <p>
            <strong>{t('thankYou.payment.paid')}</strong>
          </p>
        ) : order?.paymentState === 'awaiting' ? (
          <p>{t('thankYou.payment.awaiting')}</p>
        ) : order?.paymentState === 'offline' ? (
          <p>
            {t(
              `thankYou.payment.offline.${order.paymentMethod.code === 'banktransfer' || order.paymentMethod.code === 'payinstore' ? order.paymentMethod.code : 'cashondelivery'}`,
              {
                amount: formatPrice(order.grandTotal),
                account: SHOP_BANK_ACCOUNT,
                number,
              },
            )}
          </p>
        ) : null}
      </div>
      {account ? <AccountOffer outcome={account} /> : null}
      {order ? (
        <section aria-labelledby="thank-you-summary" className="thank-you-summary">
          <h2 id="thank-you-summary">{t('thankYou.summary')}</h2>
          <ul>
            {order.items.map((item) => (
              <li key={item.sku}>
                {item.qty} × {item.name}
                {item.options.length ? ` (${item.options.map((option) => `${option.label}: ${option.value}`).join(', ')})` : ''} —{' '}
                {formatPrice(item.rowTotalInclTax)}
              </li>
            ))}
          </ul>
          <dl>
            <div>
              <dt>{t('checkout.review.shipping')}</dt>
              <dd>{order.shippingMethod.title}</dd>
            </div>
            <div>
              <dt>{t('checkout.review.payment')}</dt>
              <dd>{order.paymentMethod.title}</dd>
            </div>
            {order.billingAddress.vat_id ? (
              <div>
                <dt>{t('checkout.review.invoice')}</dt>
                <dd>
                  {order.billingAddress.company}, {t('checkout.nip', { nip: order.billingAddress.vat_id })}
                </dd>
              </div>
            ) : null}
            <div className="checkout-grand-total">
              <dt>{t('checkout.segment.grand_total')}</dt>
              <dd>{formatPrice(order.grandTotal)}</dd>
            </div>
          </dl>
          <p>{t('thankYou.email', { email: order.email })}</p>
        </section>
      ) : null}
      <p>{t('thankYou.next')}</p>
      <a className="button-secondary" href={linkTo({ name: 'home' })}>
        {t('checkout.backToShop')}
      </a>
    </PageFrame>
  );
}
