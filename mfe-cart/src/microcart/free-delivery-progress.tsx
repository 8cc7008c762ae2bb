import { FREE_DELIVERY_FROM, round2 } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';

/** How far the cart is from free courier delivery (docs/cart.md: 5 000 zł of the gross subtotal after discounts). */
export function FreeDeliveryProgress({ amount }: { amount: number }) {
  const { t } = useTranslation('cart');
  const missing = round2(FREE_DELIVERY_FROM - amount);
  return (
    <div className="free-delivery">
      <p>{missing > 0 ? t('delivery.missing', { amount: formatPrice(missing) }) : t('delivery.free')}</p>
      <progress max={FREE_DELIVERY_FROM} value={Math.min(amount, FREE_DELIVERY_FROM)} aria-label={t('delivery.progress')} />
    </div>
  );
}
