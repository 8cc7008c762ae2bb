import {
  $connectivity,
  cartAddRequested,
  linkTo,
  navigationRequested,
  syncTaskLookedUp,
  syncTaskLookupRequested,
  syncTaskSettled,
  type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { taskErrorText } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import { PageFrame, useClientStore, useHydrated } from '@kaloryfer/ui';
import { useEffect, useState } from 'react';
import { cartOfRefusedOrder, forgetOfflineOrder, offlineOrderOf, offlineOrderTaskId, orderNumberOf } from '../domain/offline-orders';
import { orderFailureMessage } from '../domain/order';
import { rememberOrder } from '../domain/placed-orders';

/** What a server render assumes (it cannot know the shopper's connection). */
const ONLINE = { online: true };

type Sending = { kind: 'asking' } | { kind: 'waiting' } | { kind: 'refused'; problem: string } | { kind: 'unknown' };

/**
 * /thank-you-page?offline_order=… — an order placed offline (spec §4 "Connectivity"), waiting in
 * the shell's sync queue. Being on this page is the shopper's word to send it: the shell's queue
 * sends it as soon as the connection is back. Once the server has placed it, the page becomes the
 * order's usual thank-you page; if the server refuses it (products sold out meanwhile), it says
 * why, and the checkout details stay for another try.
 */
export function OfflineOrderPage({ clientOrderId }: { clientOrderId: string }) {
  const { t } = useTranslation('checkout');
  const hydrated = useHydrated();
  const order = hydrated ? offlineOrderOf(clientOrderId) : null;
  const [sending, setSending] = useState<Sending>({ kind: 'asking' });
  const { online } = useClientStore($connectivity, ONLINE);

  useEffect(() => {
    const taskId = offlineOrderTaskId(clientOrderId);
    const settle = (settled: SyncTaskSettled) => {
      if (settled.task_id !== taskId || !settled.transmitted) return;
      const number = settled.code === 200 ? orderNumberOf(settled.result) : null;
      if (number) {
        rememberOrder(number, clientOrderId, Date.now());
        forgetOfflineOrder(clientOrderId);
        navigationRequested.emit({ to: linkTo({ name: 'thank-you-page', orderIncrementId: number }), replace: true });
        return;
      }
      setSending({ kind: 'refused', problem: orderFailureMessage(settled.code ?? 500, taskErrorText(settled.result)) });
      // The shopper keeps what they chose: the lines go back into the cart (which says which cannot be bought now).
      for (const line of cartOfRefusedOrder(clientOrderId)) cartAddRequested.emit(line);
    };
    const stops = [
      syncTaskSettled.on(settle),
      syncTaskLookedUp.on((answer) => {
        if (answer.task_id !== taskId) return;
        if (answer.state === 'settled' && answer.settled) settle(answer.settled);
        else setSending({ kind: answer.state === 'pending' ? 'waiting' : 'unknown' });
      }),
    ];
    syncTaskLookupRequested.emit({ task_id: taskId });
    return () => stops.forEach((stop) => stop());
  }, [clientOrderId]);

  return (
    <PageFrame
      title={t(
        sending.kind === 'unknown' ? 'thankYou.offline.unknownTitle' : sending.kind === 'refused' ? 'thankYou.offline.refusedTitle' : 'thankYou.offline.title',
      )}
    >
      <div className={`thank-you-payment${sending.kind === 'refused' ? ' thank-you-failed' : ''}`} role={sending.kind === 'refused' ? 'alert' : 'status'}>
        {sending.kind === 'refused' ? (
          <>
            <h2>{t('thankYou.offline.refused')}</h2>
            <p>{t(sending.problem, { ns: sending.problem.startsWith('checkout.') ? 'checkout' : 'messages' })}</p>
            <p>{t('thankYou.offline.detailsKept')}</p>
            <p>{t('thankYou.offline.linesBack')}</p>
            <a className="button" href={linkTo({ name: 'checkout' })}>
              {t('thankYou.offline.changeOrder')}
            </a>
          </>
        ) : sending.kind === 'unknown' ? (
          <p>{t('thankYou.offline.unknown')}</p>
        ) : sending.kind === 'waiting' ? (
          <p>{online ? t('thankYou.offline.sending') : t('thankYou.offline.waiting')}</p>
        ) : (
          <p>{t('thankYou.loading')}</p>
        )}
      </div>
      {order ? (
        <section aria-labelledby="thank-you-summary" className="thank-you-summary">
          <h2 id="thank-you-summary">{t('thankYou.summary')}</h2>
          <ul>
            {order.items.map((item) => (
              <li key={item.sku}>
                {item.qty} × {item.name} — {formatPrice(item.rowTotalInclTax)}
              </li>
            ))}
          </ul>
          <dl>
            {order.paymentTitle ? (
              <div>
                <dt>{t('checkout.review.payment')}</dt>
                <dd>{order.paymentTitle}</dd>
              </div>
            ) : null}
            {order.grandTotal !== null ? (
              <div className="checkout-grand-total">
                <dt>{t('checkout.segment.grand_total')}</dt>
                <dd>{formatPrice(order.grandTotal)}</dd>
              </div>
            ) : null}
          </dl>
          <p>{t('thankYou.offline.email', { email: order.email })}</p>
        </section>
      ) : null}
      <a className="button-secondary" href={linkTo({ name: 'home' })}>
        {t('checkout.backToShop')}
      </a>
    </PageFrame>
  );
}
