import type { ProductTile as RelatedTile } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';
import { temperaturesKey } from '@kaloryfer/domain';
import { ProductCard } from '@kaloryfer/ui/product-card';
import { isNominal, outputRange, useHeatingAt } from '../heating/heating-at';
import type { ListedTile } from '../listing/listing-request';
import { deliveryLabelKey } from './delivery';

/**
 * A tile's product: a listing's or rail's (asked for with TILE_FIELDS), or a related product of
 * product-view (the contract's ProductTile) — the same fields either way (shared/domain's one
 * tile list), so a related tile's output at the shopper's temperatures uses the model's own
 * exponent and its variants' outputs, as a listing's does.
 */
export type TileProduct = ListedTile | RelatedTile;

/**
 * A product in a listing or rail: the shop's one tile (shared/ui's ProductCard: picture, name,
 * price, the crossed regular price and the Omnibus line) with what the catalogue knows besides:
 * the rated output (and at the shopper's chosen temperatures) and the delivery time.
 */
export function ProductTile({ product, eager = false }: { product: TileProduct; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const days = product.delivery_time;
  const at = useHeatingAt();
  const atOutput = isNominal(at) ? null : outputRange(product, at);
  return (
    <ProductCard product={product} eager={eager}>
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
    </ProductCard>
  );
}
