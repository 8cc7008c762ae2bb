import {
  claimWriter, notificationRequested, wishlistAddRequested, wishlistRemoveRequested,
  type ListedProduct,
} from '@kaloryfer/contracts';
import { readStored, writeStored } from '@kaloryfer/ui';

/** Spec §4: the wishlist persists locally as current-wishlist. */
export const WISHLIST_KEY = 'current-wishlist';

let started = false;

/**
 * mfe-account owns $wishlist (docs/contracts.md). Spec §4: adding ignores a product already
 * present by parentSku, removing is by parentSku. A guest's list lives in this browser only;
 * a logged-in customer's list moves to the server with the account issue.
 * Started by whichever of the remote's modules loads first, once per page.
 */
export function startWishlistOwner() {
  if (started) return;
  started = true;
  const wishlist = claimWriter('wishlist', 'mfe-account');
  wishlist.set(readStored<ListedProduct[]>(WISHLIST_KEY, []));
  const save = (next: ListedProduct[]) => {
    wishlist.set(next);
    writeStored(WISHLIST_KEY, next);
  };
  wishlistAddRequested.on((product) => {
    if (wishlist.get().some((item) => item.parentSku === product.parentSku)) return;
    save([...wishlist.get(), { ...product }]);
    notificationRequested.emit({ type: 'success', message: 'Product {productName} has been added to wishlist!', params: { productName: product.name } });
  });
  wishlistRemoveRequested.on(({ parentSku }) => {
    const removed = wishlist.get().find((item) => item.parentSku === parentSku);
    if (!removed) return;
    save(wishlist.get().filter((item) => item !== removed));
    notificationRequested.emit({ type: 'success', message: 'Product {productName} has been removed from wishlist!', params: { productName: removed.name } });
  });
}
