import type { OrderHistoryEntry, OrderHistoryLine } from '@kaloryfer/api-contract';
import { linkTo } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { optionsText } from './order-format';

/** The product page of a line, when the catalogue still shows it (the history says its slug). */
function productHref(line: OrderHistoryLine): string | null {
  if (!line.slug) return null;
  return line.parent_sku
    ? linkTo({ name: 'product', parentSku: line.parent_sku, slug: line.slug, childSku: line.sku })
    : linkTo({ name: 'product', parentSku: line.sku, slug: line.slug });
}

/** The ordered products: picture, name (linked), options in words, quantity, unit and row price. */
export function OrderLines({ order }: { order: OrderHistoryEntry }) {
  const { t } = useTranslation('account');
  const formatPrice = useFormatPrice();
  return (
    <section className="order-section" aria-labelledby="order-items">
      <h2 id="order-items">{t('order.items')}</h2>
      <ul className="order-lines">
        {order.items.map((line, index) => {
          const href = productHref(line);
          const picture = imageUrl(line.image, 150);
          const options = optionsText(line.options);
          return (
            <li key={`${line.sku}-${index}`} className="order-line">
              {picture ? (
                <img src={picture} alt={line.name} width={75} height={75} loading="lazy" />
              ) : (
                <span className="order-line-no-image" aria-hidden="true" />
              )}
              <div className="order-line-text">
                <p className="order-line-name">{href ? <a href={href}>{line.name}</a> : line.name}</p>
                {options && <p className="order-line-options">{options}</p>}
              </div>
              <dl className="order-line-numbers">
                <div>
                  <dt>{t('order.quantity')}</dt>
                  <dd>{line.qty_ordered}</dd>
                </div>
                <div>
                  <dt>{t('order.unitPrice')}</dt>
                  <dd>{formatPrice(line.price_incl_tax)}</dd>
                </div>
                <div>
                  <dt>{t('order.rowTotal')}</dt>
                  <dd>{formatPrice(line.row_total_incl_tax)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
