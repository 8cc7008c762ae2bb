import { startSessionOwner } from '../session/session-owner';
import { startWishlistOwner } from './wishlist-owner';

/**
 * The account remote's owners, started by whichever of its modules loads first (the header's
 * buttons are on every page), once per page: the session before the wishlist, which follows it.
 */
export function startAccountOwners(): void {
  startSessionOwner();
  startWishlistOwner();
}
