/**
 * The customers' door: what other areas use of it — the sessions and accounts an order or a cart belongs to (as a type: app.customers is handed over).
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { type Customers } from './customers';
