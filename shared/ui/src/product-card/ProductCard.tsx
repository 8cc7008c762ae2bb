import './product-card.css';
import { linkTo } from '@kaloryfer/contracts';
import { imageUrl, isReduced, type ShownPrices } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import type { ReactNode } from 'react';

/** What a product card shows: the catalogue's fields of a listed product. */
export interface CardProduct extends ShownPrices {
  id: number | string;
  sku: string;
  name: string;
  slug: string;
  type_id: string;
  image?: string;
  lowest_price_30d?: number | null;
}

/** The catalogue fields a card needs: what a search for cards asks for (`_sourceInclude`). */
export const CARD_FIELDS = [
  'id', 'sku', 'name', 'slug', 'type_id', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'lowest_price_30d',
] as const;

/**
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
        {image
          ? <img src={image} alt="" width={255} height={255} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          : <span className="product-tile-noimage" aria-hidden="true" />}
        <h3 id={headingId} className="product-tile-name">{product.name}</h3>
      </a>
      {product.final_price_incl_tax !== undefined && (
        <p className="product-tile-price">
          {reduced && <><del aria-label={t('price.regular', { price: formatPrice(product.original_price_incl_tax!) })}>{formatPrice(product.original_price_incl_tax!)}</del>{' '}</>}
          <strong className={reduced ? 'price-reduced' : undefined}>
            {product.type_id === 'configurable' ? t('price.from', { price: formatPrice(product.final_price_incl_tax) }) : formatPrice(product.final_price_incl_tax)}
          </strong>
        </p>
      )}
      {reduced && product.lowest_price_30d != null && (
        <p className="price-omnibus">{t('price.omnibus')}: {formatPrice(product.lowest_price_30d)}</p>
      )}
      {children}
    </article>
  );
}
