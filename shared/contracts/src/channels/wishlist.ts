import { defineCommand } from '../bus';
import type { ProductRef } from './product-ref';

export type WishlistRemove = Readonly<{ parentSku: string }>;

/** Commands to the wishlist owner (mfe-account). */
export const wishlistAddRequested = defineCommand<ProductRef>('wishlist:add-requested', { keep: true });
export const wishlistRemoveRequested = defineCommand<WishlistRemove>('wishlist:remove-requested', { keep: true });
