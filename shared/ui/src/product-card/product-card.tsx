import './product-card.css';
import { linkTo } from '@kaloryfer/contracts';
import { imageUrl, isReduced } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import type { ReactNode } from 'react';
import type { CardProduct } from './card-fields';

/**
 * Imported by its path (`@kaloryfer/ui/product-card`), not from the package's
 * index: it brings its stylesheet, which only a remote's bundler can take.
 *
 * The shop's product tile, one for every remote that lists products (the catalogue's listings
 * and rails, an article's related products, the not-found page's suggestions): picture (255 px,
 * lazy below the fold, size reserved so nothing jumps), name, gross price — "od" for a product
 * with variants — with the crossed regular price and the Omnibus line when reduced (wherever a
 * reduction is shown, the lowest price of the 30 days before it is too). What only one remote
 * knows (the catalogue's rated output, delivery time) comes in as `children`, under the price.
 */
export function ProductCard({ product, eager = false, children }: { product: CardProduct; eager?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('common');
  const formatPrice = useFormatPrice();
  const image = imageUrl(product.image, 255);
  const reduced = isReduced(product);
  const headingId = `tile-${product.id}`;
  return (
    <article className="product-tile" aria-labelledby={headingId}>
      <a href={linkTo({ name: 'product', parentSku: product.sku, slug: product.slug })} className="product-tile-link">
        {image ? (
          <img src={image} alt="" width={255} height={255} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <span className="product-tile-noimage" aria-hidden="true" />
        )}
        <h3 id={headingId} className="product-tile-name">
          {product.name}
        </h3>
      </a>
      {product.final_price_incl_tax !== undefined && (
        <p className="product-tile-price">
          {reduced && (
            <>
              <del aria-label={t('price.regular', { price: formatPrice(product.original_price_incl_tax!) })}>
                {formatPrice(product.original_price_incl_tax!)}
              </del>{' '}
            </>
          )}
          <strong className={reduced ? 'price-reduced' : undefined}>
            {product.type_id === 'configurable'
              ? t('price.from', { price: formatPrice(product.final_price_incl_tax) })
              : formatPrice(product.final_price_incl_tax)}
          </strong>
        </p>
      )}
      {reduced && product.lowest_price_30d != null && (
        <p className="price-omnibus">
          {t('price.omnibus')}: {formatPrice(product.lowest_price_30d)}
        </p>
      )}
      {children}
    </article>
  );
}
