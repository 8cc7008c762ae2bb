/**
 * The catalogue's door: what other areas use of it — the loaded catalogue (as a type: app.catalog is handed over), its product message, the CMS sanitiser the seed writes pages through.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { EMPTY_PRODUCT } from './catalog-messages';
export { type Catalog } from './catalog';
export { cmsPlainText, sanitizeCmsBlock, sanitizeCmsPage } from './cms-sanitize';
