/**
 * The reviews' door: what other areas use of it — the reviews and their search, which app.ts hands the catalogue as ports.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { searchReviews } from './review-search';
export { Reviews } from './reviews';
