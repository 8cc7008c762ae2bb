import { defineCommand } from '../bus';

export interface ProductRef {
  sku: string;
  parentSku: string;
  name: string;
  slug: string;
  /** Catalogue image path, for thumbnails in the lists. */
  image?: string;
}

/** Commands to the compare list owner (mfe-catalog). */
export const compareAddRequested = defineCommand<ProductRef>('compare:add-requested');
export const compareRemoveRequested = defineCommand<{ sku: string }>('compare:remove-requested');
/** The customer logged out (spec §4): the compare list is emptied, silently. */
export const compareClearRequested = defineCommand<Record<string, never>>('compare:clear-requested');

/** Commands to the wishlist owner (mfe-account). */
export const wishlistAddRequested = defineCommand<ProductRef>('wishlist:add-requested');
export const wishlistRemoveRequested = defineCommand<{ parentSku: string }>('wishlist:remove-requested');
