import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';
import { deliveryLabelKey } from './delivery';

/** In stock or not, and when it would arrive. */
export function Availability({ item }: { item: Product | ConfigurableChild }) {
  const { t } = useTranslation('catalog');
  const inStock = item.stock?.is_in_stock;
  const days = item.delivery_time;
  return (
    <p className={inStock ? 'stock-in' : 'stock-out'}>
      {inStock ? t('In stock!', { ns: 'messages' }) : t('Out of stock', { ns: 'messages' })}
      {inStock && typeof days === 'number' && <> · {t(deliveryLabelKey(days), { days })}</>}
    </p>
  );
}
