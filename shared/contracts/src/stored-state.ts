/**
 * Where each owner keeps a shopper's state between visits (localStorage keys). The owners read
 * and write them; the shell only asks whether one is there: an owner with stored state starts
 * on every page (its header widget loads after hydration), one without starts when a shopper
 * first needs it (docs/rendering.md, "Header widgets").
 */
export const STORED_STATE_KEYS = {
  /** mfe-cart: the cart's lines and token. */
  cart: 'kaloryfer.cart',
  /** mfe-account: the signed-in customer's token (the cart follows a customer's server cart too). */
  customerToken: 'user/current-token',
  /** mfe-account: the wishlist. */
  wishlist: 'current-wishlist',
  /** mfe-catalog: the products to compare. */
  compare: 'current-compare',
  /** mfe-catalog: the products viewed (the account's "recently viewed" page reads them). */
  recentlyViewed: 'kaloryfer.recently-viewed',
} as const;
