import type { WishlistItem } from '@kaloryfer/api-contract';
import {
  $session,
  claimWriter,
  notificationRequested,
  sessionChanged,
  wishlistAddRequested,
  wishlistRemoveRequested,
  type ListedProduct,
  STORED_STATE_KEYS,
} from '@kaloryfer/contracts';
import { readStored, writeStored } from '@kaloryfer/ui';
import { wishlistApi } from './wishlist-api';

/** Spec §4: the wishlist persists locally as current-wishlist (a customer's as a copy of the server's). */
export const WISHLIST_KEY = STORED_STATE_KEYS.wishlist;
/** The server's item id per parentSku: what `DELETE /api/wishlist/{itemId}` needs. */
const ITEM_IDS_KEY = 'current-wishlist-item-ids';

const ADDED = 'Product {productName} has been added to wishlist!';
const REMOVED = 'Product {productName} has been removed from wishlist!';
const FAILED = 'Something went wrong';

let started = false;
let listeners: (() => void)[] = [];

/**
 * mfe-account owns $wishlist (docs/contracts.md). Spec §4: adding ignores a product already
 * present by parentSku, removing is by parentSku. A guest's list lives in this browser only
 * (`current-wishlist`); a signed-in customer's lives on the server (spec §7, `/api/wishlist`),
 * so a second browser sees it: at login the guest's products are merged into it once (no
 * duplicates by parentSku), at logout the list is cleared from this browser.
 * Started by whichever of the remote's modules loads first, once per page. Returns how to stop
 * it (its listeners off, the next start afresh): a page never does; a test starts afresh.
 */
export function startWishlistOwner(): () => void {
  if (started) return stopWishlistOwner;
  started = true;
  const wishlist = claimWriter('wishlist', 'mfe-account');
  let itemIds = readStored<Record<string, number>>(ITEM_IDS_KEY, {});
  wishlist.set(readStored<ListedProduct[]>(WISHLIST_KEY, []));
  const save = (next: ListedProduct[]) => {
    wishlist.set(next);
    writeStored(WISHLIST_KEY, next);
  };
  const saveIds = (next: Record<string, number>) => {
    itemIds = next;
    writeStored(ITEM_IDS_KEY, next);
  };
  const signedIn = () => $session.get().authorised;

  /** The server's list as products: names and images from what this browser knows, else from the catalogue. */
  const adoptServerList = async (items: readonly WishlistItem[]) => {
    const known = new Map(wishlist.get().map((product) => [product.parentSku, product]));
    const missing = items.map((item) => item.sku).filter((sku) => !known.has(sku));
    for (const product of missing.length > 0 ? await wishlistApi.products(missing) : []) known.set(product.parentSku, product);
    save(items.map((item) => known.get(item.sku)).filter((product): product is ListedProduct => product !== undefined));
    saveIds(Object.fromEntries(items.map((item) => [item.sku, item.id])));
  };

  /** Login: the guest's products go onto the server list once, then the server's list is the one shown. */
  const merge = async () => {
    const server = await wishlistApi.list();
    const onServer = new Set(server.map((item) => item.sku));
    const guests = wishlist.get().filter((product) => !onServer.has(product.parentSku));
    for (const product of guests) await wishlistApi.add(product.parentSku).catch(() => undefined);
    await adoptServerList(guests.length > 0 ? await wishlistApi.list() : server);
  };
  const quietly = (task: Promise<unknown>) => void task.catch((error: unknown) => console.error('[wishlist]', error));

  listeners.push(
    sessionChanged.on(({ authorised, reason }) => {
      if (reason === 'logout') {
        save([]);
        saveIds({});
      } else if (authorised && (reason === 'login' || reason === 'started')) {
        quietly(merge());
      }
    }),
  );
  // The session may have started before this owner (facts are not held).
  if (signedIn()) quietly(merge());

  listeners.push(
    wishlistAddRequested.on((product) => {
      if (wishlist.get().some((item) => item.parentSku === product.parentSku)) return;
      const before = wishlist.get();
      save([...before, { ...product }]);
      notificationRequested.emit({ type: 'success', message: ADDED, params: { productName: product.name } });
      if (!signedIn()) return;
      quietly(
        wishlistApi.add(product.parentSku).then(
          async () => adoptServerList(await wishlistApi.list()),
          () => {
            save(wishlist.get().filter((item) => item.parentSku !== product.parentSku));
            notificationRequested.emit({ type: 'error', message: FAILED });
          },
        ),
      );
    }),
  );
  listeners.push(
    wishlistRemoveRequested.on(({ parentSku }) => {
      const removed = wishlist.get().find((item) => item.parentSku === parentSku);
      if (!removed) return;
      const before = wishlist.get();
      save(before.filter((item) => item !== removed));
      notificationRequested.emit({ type: 'success', message: REMOVED, params: { productName: removed.name } });
      const itemId = itemIds[parentSku];
      if (!signedIn() || itemId === undefined) return;
      quietly(
        wishlistApi.remove(itemId).then(
          () => {
            const { [parentSku]: _gone, ...rest } = itemIds;
            saveIds(rest);
          },
          async () => {
            // Gone already (another browser removed it) is what the shopper wanted; anything else puts it back.
            const server = await wishlistApi.list().catch(() => null);
            if (server && !server.some((item) => item.sku === parentSku)) return;
            save(before);
            notificationRequested.emit({ type: 'error', message: FAILED });
          },
        ),
      );
    }),
  );
  return stopWishlistOwner;
}

function stopWishlistOwner() {
  listeners.forEach((off) => off());
  listeners = [];
  started = false;
}
