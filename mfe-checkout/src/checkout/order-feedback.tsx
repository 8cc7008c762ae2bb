import { useTranslation } from '@kaloryfer/i18n';
import { useProblemText } from './sections/field';
import type { PlacingState } from './use-checkout';

/** What is happening with the order: placing, off to the gateway, or why it was refused (the details stay). */
export function OrderFeedback({ order }: { order: PlacingState }) {
  const { t } = useTranslation('checkout');
  const text = useProblemText();
  if (order.kind === 'failed')
    return (
      <p role="alert" className="checkout-order-error">
        {text(order.problem)}
      </p>
    );
  return (
    <p role="status" className="checkout-order-status">
      {order.kind === 'placing' ? t('checkout.order.placing') : order.kind === 'redirecting' ? t('checkout.order.redirecting') : ''}
    </p>
  );
}
