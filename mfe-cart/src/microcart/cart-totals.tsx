import type { CartTotals as Totals } from '@kaloryfer/contracts';
import { VAT_RATE } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';

/** The server's total segments, named by their codes in the shopper's language. */
export function CartTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation('cart');
  return (
    <section className="cart-totals" aria-label={t('totals.title')}>
      <dl>
        {totals.segments.map((segment) => (
          <div key={segment.code} className={`total-${segment.code}`}>
            <dt>{t(`totals.${segment.code}`, { code: totals.couponCode ?? '', rate: VAT_RATE })}</dt>
            <dd>{formatPrice(segment.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
