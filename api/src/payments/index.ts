/**
 * The payments' door: what other areas use of it — whether an order needs a payment, the gateway, the origin a shopper returns to.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { needsPayment, type Payments } from './payments';
export { shopperOriginOf } from './return-origin';
