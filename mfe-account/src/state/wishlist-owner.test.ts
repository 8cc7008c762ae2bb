import { $wishlist, notificationRequested, wishlistAddRequested, wishlistRemoveRequested, type NotificationInput } from '@kaloryfer/contracts';
import { startWishlistOwner, WISHLIST_KEY } from './wishlist-owner';

const wenus = { sku: 'KAL-WEN-500-1200-BIA', parentSku: 'KAL-WEN', name: 'Wenus', slug: 'wenus' };
const orion = { sku: 'KAL-ORI', parentSku: 'KAL-ORI', name: 'Orion', slug: 'orion' };

test('adds once per parentSku, removes by parentSku, names the product and persists as current-wishlist', () => {
  localStorage.setItem(WISHLIST_KEY, JSON.stringify([orion]));
  const shown: NotificationInput[] = [];
  const off = notificationRequested.on((input) => shown.push(input));
  startWishlistOwner();
  expect($wishlist.get()).toEqual([orion]);

  wishlistAddRequested.emit(wenus);
  wishlistAddRequested.emit({ ...wenus, sku: 'KAL-WEN-600-1200-BIA' }); // another variant of the same product
  expect($wishlist.get().map((item) => item.sku)).toEqual(['KAL-ORI', 'KAL-WEN-500-1200-BIA']);

  wishlistRemoveRequested.emit({ parentSku: 'KAL-ORI' });
  wishlistRemoveRequested.emit({ parentSku: 'KAL-NONE' });
  expect($wishlist.get()).toEqual([wenus]);
  expect(JSON.parse(localStorage.getItem(WISHLIST_KEY)!)).toEqual([wenus]);
  expect(shown.map((input) => [input.message, input.params?.productName])).toEqual([
    ['Product {productName} has been added to wishlist!', 'Wenus'],
    ['Product {productName} has been removed from wishlist!', 'Orion'],
  ]);
  off();
});
