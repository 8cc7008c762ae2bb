/**
 * The metrics' door: what other areas use of it — the shop's counters, which the edge counts every answer into.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { ShopMetrics } from './metrics';
