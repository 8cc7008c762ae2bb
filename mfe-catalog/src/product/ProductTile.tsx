import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { imageUrl, isReduced, temperaturesKey, type Product } from '@kaloryfer/domain';
import { isNominal, outputRange, useHeatingAt } from '../heating/heating-at';
import { deliveryLabelKey } from './delivery';
import { productHref } from './product-links';

export type TileProduct = Pick<Product, 'id' | 'sku' | 'name' | 'slug' | 'type_id' | 'image'> & Partial<Product>;

/**
 * A product in a listing or rail: picture (255 px, lazy below the fold, size reserved so
 * nothing jumps), name, gross price with the crossed regular price and the Omnibus line when
 * reduced (wherever a reduction is shown, the lowest price of the 30 days before it is too),
 * delivery time and rated output.
 */
export function ProductTile({ product, eager = false }: { product: TileProduct; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const image = imageUrl(product.image, 255);
  const reduced = isReduced(product);
  const days = product.delivery_time;
  const at = useHeatingAt();
  const atOutput = isNominal(at) ? null : outputRange(product, at);
  return (
    <article className="product-tile" aria-labelledby={`tile-${product.id}`}>
      <a href={productHref(product)} className="product-tile-link">
        {image
          ? <img src={image} alt="" width={255} height={255} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          : <span className="product-tile-noimage" aria-hidden="true" />}
        <h3 id={`tile-${product.id}`} className="product-tile-name">{product.name}</h3>
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
      <ul className="product-tile-facts">
        {product.power_75_65_20 !== undefined && <li>{t('tile.output', { watts: product.power_75_65_20 })}</li>}
        {atOutput && (
          <li className="tile-output-at">
            {atOutput.min === atOutput.max
              ? t('heat.output', { at: temperaturesKey(at), watts: atOutput.min })
              : t('heat.outputFrom', { at: temperaturesKey(at), min: atOutput.min, max: atOutput.max })}
          </li>
        )}
        {typeof days === 'number' && <li>{t(deliveryLabelKey(days), { days })}</li>}
      </ul>
    </article>
  );
}
