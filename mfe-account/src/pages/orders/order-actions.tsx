import type { OrderHistoryEntry } from '@kaloryfer/api-contract';
import { Button } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { useState } from 'react';
import { reorder } from './reorder';
import { canRetryPayment, paymentPage, retryPayment } from './retry-payment';

/** What the customer can do with an order: pay again after a failed payment, order the same again. */
export function OrderActions({ order }: { order: OrderHistoryEntry }) {
  const { t } = useTranslation('account');
  const [payment, setPayment] = useState<'idle' | 'working' | 'failed'>('idle');

  const payAgain = async () => {
    setPayment('working');
    try {
      paymentPage.open(await retryPayment(order));
    } catch {
      setPayment('failed');
    }
  };

  return (
    <div className="order-actions">
      {canRetryPayment(order) && (
        <div className="order-payment-failed">
          <p>{t('order.paymentFailed')}</p>
          <Button onClick={() => void payAgain()} disabled={payment === 'working'} aria-busy={payment === 'working' || undefined}>
            {payment === 'working' ? t('order.redirecting') : t('order.retryPayment')}
          </Button>
          {payment === 'failed' && (
            <p role="alert" className="form-error">
              {t('Something went wrong', { ns: 'messages' })}
            </p>
          )}
        </div>
      )}
      {order.items.length > 0 && (
        <div className="order-reorder">
          <Button variant={canRetryPayment(order) ? 'secondary' : 'primary'} onClick={() => reorder(order)} aria-describedby="order-reorder-note">
            {t('order.reorder')}
          </Button>
          <p id="order-reorder-note" className="order-note">
            {t('order.reorderNote')}
          </p>
        </div>
      )}
    </div>
  );
}
