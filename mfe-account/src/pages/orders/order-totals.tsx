import type { OrderHistoryEntry, OrderTotalSegment } from '@kaloryfer/api-contract';
import { VAT_RATE } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';

/** The totals the server computed when the order was placed, named by their codes like the cart's. */
export function OrderTotals({ order }: { order: OrderHistoryEntry }) {
  const { t } = useTranslation('account');
  const formatPrice = useFormatPrice();
  const label = (segment: OrderTotalSegment) =>
    segment.code === 'discount' && order.coupon_code
      ? t('order.segment.discountCode', { code: order.coupon_code })
      : t(`order.segment.${segment.code}`, { rate: VAT_RATE, defaultValue: segment.title });
  return (
    <section className="order-section" aria-labelledby="order-totals">
      <h2 id="order-totals">{t('order.totals')}</h2>
      <dl className="order-totals">
        {order.total_segments.map((segment) => (
          <div key={segment.code} className={`order-total-${segment.code}`}>
            <dt>{label(segment)}</dt>
            <dd>{formatPrice(segment.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
