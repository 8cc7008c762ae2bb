import type { Product, TierPriceEntry } from '@kaloryfer/api-contract';
import { isReduced } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';

type Prices = Pick<Product, 'final_price_incl_tax' | 'original_price_incl_tax' | 'lowest_price_30d'>;

/**
 * The price as the law wants it shown (docs/polish-market.md): the final gross price; when
 * reduced, the crossed regular price and the Omnibus line — the lowest price of the 30 days
 * before the reduction; quantity discounts below.
 */
export function PriceBlock({ prices, tiers = [] }: { prices: Prices; tiers?: TierPriceEntry[] }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const final = prices.final_price_incl_tax;
  const original = prices.original_price_incl_tax;
  if (final === undefined) return null;
  const reduced = isReduced(prices);
  return (
    <div className="price-block">
      <p className="price-final">
        <strong className={reduced ? 'price-reduced' : undefined}>{formatPrice(final)}</strong>
        {reduced && (
          <>
            {' '}
            <del aria-label={t('price.regular', { ns: 'common', price: formatPrice(original!) })}>{formatPrice(original!)}</del>
          </>
        )}
      </p>
      <p className="price-tax">{t('price.inclTax')}</p>
      {reduced && prices.lowest_price_30d != null && (
        <p className="price-omnibus">
          {t('price.omnibus', { ns: 'common' })}: {formatPrice(prices.lowest_price_30d)}
        </p>
      )}
      {tiers.length > 0 && (
        <ul className="price-tiers" aria-label={t('price.tiers')}>
          {[...tiers]
            .sort((a, b) => a.qty - b.qty)
            .map((tier) => (
              <li key={`${tier.customer_group_id}-${tier.qty}`}>
                {t('price.tier', {
                  qty: tier.qty,
                  percent: tier.percentage_value,
                  price: formatPrice(Math.round(final * (100 - tier.percentage_value)) / 100),
                })}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
