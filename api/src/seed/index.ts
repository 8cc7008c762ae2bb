/**
 * The seed's door: what other areas use of it — the generated catalogue main.ts seeds an empty database with.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { DEFAULT_SEED, hasCatalog, seedCatalog } from './catalog-seed';
