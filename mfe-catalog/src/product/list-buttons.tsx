import {
  $compare,
  $wishlist,
  compareAddRequested,
  compareRemoveRequested,
  wishlistAddRequested,
  wishlistRemoveRequested,
  type ListedProduct,
} from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Icon, useClientStore } from '@kaloryfer/ui';

const NO_COMPARE: Record<string, ListedProduct> = {};
const NO_WISHLIST: ListedProduct[] = [];

/** Compare (by sku) and wishlist (by parentSku) toggles; the lists' owners do the rest. */
export function ListButtons({ item }: { item: ListedProduct }) {
  const { t } = useTranslation('catalog');
  // The shopper's own lists: the server (and the hydrating render) shows both unpressed.
  const inCompare = Boolean(useClientStore($compare, NO_COMPARE)[item.sku]);
  const inWishlist = useClientStore($wishlist, NO_WISHLIST).some((listed) => listed.parentSku === item.parentSku);
  return (
    <div className="list-buttons">
      <button
        type="button"
        className="button-secondary"
        aria-pressed={inCompare}
        onClick={() => (inCompare ? compareRemoveRequested.emit({ sku: item.sku }) : compareAddRequested.emit(item))}
      >
        {inCompare ? t('product.inCompare') : t('product.addToCompare')}
      </button>
      <button
        type="button"
        className="button-secondary"
        aria-pressed={inWishlist}
        onClick={() => (inWishlist ? wishlistRemoveRequested.emit({ parentSku: item.parentSku }) : wishlistAddRequested.emit(item))}
      >
        <Icon name="heart" /> {inWishlist ? t('product.inWishlist') : t('product.addToWishlist')}
      </button>
    </div>
  );
}
