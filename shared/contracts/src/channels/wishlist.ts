import { defineCommand } from '../bus';
import type { ProductRef } from './product-ref';

/** What a remote asks the wishlist's owner to remove: a product, by its parent sku (not the API's item id). */
export type WishlistRemoveRequest = Readonly<{ parentSku: string }>;

/** Commands to the wishlist owner (mfe-account). */
export const wishlistAddRequested = defineCommand<ProductRef>('wishlist:add-requested', { keep: true });
export const wishlistRemoveRequested = defineCommand<WishlistRemoveRequest>('wishlist:remove-requested', { keep: true });
