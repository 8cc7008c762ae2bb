import { $recentlyViewed, linkTo, type ListedProduct } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { useClientStore } from '@kaloryfer/ui';
import './orders.css';

/**
 * A remembered product. `ListedProduct` names no price; the price shows as soon as the catalogue
 * remembers one with the product (a field the contract would add), otherwise the tile has none.
 */
type Viewed = ListedProduct & { priceInclTax?: number | null };

const NOTHING_VIEWED: ListedProduct[] = [];

/** /my-account/recently-viewed — the products this shopper looked at last (kept in their browser by mfe-catalog). */
export function RecentlyViewedPage() {
  const { t } = useTranslation('account');
  const formatPrice = useFormatPrice();
  const products = useClientStore($recentlyViewed, NOTHING_VIEWED) as Viewed[];

  if (products.length === 0) {
    return (
      <div className="orders-empty">
        <p>{t('recentlyViewed.empty')}</p>
        <a className="button" href={linkTo({ name: 'home' })}>
          {t('recentlyViewed.goShopping')}
        </a>
      </div>
    );
  }
  return (
    <ul className="recent-grid">
      {products.map((product) => {
        const picture = imageUrl(product.image, 255);
        return (
          <li key={product.parentSku} className="recent-tile">
            {/* The picture is part of the link (a bigger target); the link is named by the product's name. */}
            <a href={linkTo({ name: 'product', parentSku: product.parentSku, slug: product.slug })}>
              {picture ? <img src={picture} alt="" width={255} height={255} loading="lazy" /> : <span className="recent-no-image" aria-hidden="true" />}
              <span className="recent-name">{product.name}</span>
            </a>
            {typeof product.priceInclTax === 'number' && <p className="recent-price">{formatPrice(product.priceInclTax)}</p>}
          </li>
        );
      })}
    </ul>
  );
}
