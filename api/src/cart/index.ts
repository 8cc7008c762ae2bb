/**
 * The cart's door: what other areas use of it — the carts an order is placed from and the coupons the newsletter issues.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { type CartLineRow, type CartTotalsView, type CartView, type Carts, type IssuedCoupons } from './carts';
