/**
 * A catalogue in a command's own process (the benches, the seed): load, sync, search, seed, and the SEO files' writer.
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { Catalog } from '../src/catalog/catalog';
export { CatalogSync } from '../src/catalog/catalog-sync';
export { MemorySearchEngine } from '../src/search/memory/memory-engine';
export { DEFAULT_SEED, hasCatalog, seedCatalog, type SeedOptions } from '../src/seed/catalog-seed';
export { MANUFACTURERS } from '../src/seed/reference-data';
export { SeoFileWorker, type SeoRunReport } from '../src/seo/seo-file-worker';
