import os from 'node:os';
import { GroupTokens } from '../auth/group-token';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import { productRoutes } from './product-routes';
import { searchRoutes } from './search-routes';
import { stockRoutes } from './stock-routes';
import { urlRoutes } from './url-routes';
import { MemorySearchEngine } from '../search';
import { Catalog } from './catalog';
import type { ProductReviews, ReviewSearch } from './catalog-ports';
import { CatalogSync } from './catalog-sync';
import { catalogImportRoutes } from './import/import-routes';
import { ImportJobWorker } from './import/import-job-worker';
import { CatalogSnapshots, startCatalog } from './snapshot/catalog-snapshots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (search engine and lookups); kept current by `catalogSync` from the change log. */
    catalog: Catalog;
    /** Signs and reads the customer-group tokens sent with catalogue searches. */
    groupTokens: GroupTokens;
    /** Keeps `catalog` current from the change log; `syncOnce()` applies what was committed (an import, a test's change). */
    catalogSync: CatalogSync;
    /** The catalogue's snapshot (snapshot/): null when CATALOG_SNAPSHOT is off. */
    catalogSnapshots: CatalogSnapshots | null;
  }
}

interface CatalogOptions {
  db: Db;
  clock: () => Date;
  /** Signs the customer-group tokens. */
  tokenSecret: Buffer;
  store: Config['store'];
  /** What a product's answer shows of its reviews, and the search route's `review` type: the reviews area's (catalog-ports.ts). */
  reviews: ProductReviews;
  reviewSearch: ReviewSearch;
  /** Counts the import jobs this instance ended, by outcome, and says how the catalogue started (/metrics: app.ts hands the shop's metrics). */
  metrics?: { importJobEnded(outcome: 'done' | 'refused' | 'failed' | 'interrupted'): void; catalogStarted(from: 'snapshot' | 'load', seconds: number): void };
  /** The catalogue snapshot started from and written again (snapshot/); null: none. */
  snapshotFile?: string | null;
}

/**
 * The catalogue (docs/catalogue.md): `app.catalog`, loaded and priced for today, kept in step with
 * other instances, and `app.groupTokens`; its reads — search, products and prices, stock, URLs —
 * and the operator's imports. The reviews, the CMS pages and advice, and the product drawings
 * have their own plugins (reviews/, content/, images/).
 */
export const catalogPlugin = unencapsulated<CatalogOptions>(async function catalogPlugin(
  app,
  { db, clock, tokenSecret, store, reviews, reviewSearch, metrics, snapshotFile },
) {
  const catalog = new Catalog(db, new MemorySearchEngine(), clock);
  // Changes made by other instances or an import reach the catalogue and its search index from
  // the change log: at commit on PostgreSQL (LISTEN kf_change), within POLL_MS (2 s) on SQLite (catalog-sync.ts).
  const catalogSync = new CatalogSync(db, catalog, { log: (message) => app.log.warn(message) });
  // From the snapshot when it may stand for the database, caught up from the change log before
  // this instance listens (never a price older than the database's); else loaded whole.
  const snapshots = snapshotFile ? new CatalogSnapshots(db, catalog, snapshotFile, { clock, log: app.log }) : null;
  const startedAt = performance.now();
  const start = await startCatalog(catalog, catalogSync, snapshots);
  metrics?.catalogStarted(start.restored ? 'snapshot' : 'load', (performance.now() - startedAt) / 1000);
  if (start.restored) app.log.info(`catalogue restored from ${snapshotFile} in ${Math.round(start.ms)} ms, ${start.caughtUp} changes caught up`);
  if (snapshots) {
    app.addHook('onReady', async () => snapshots.start());
    app.addHook('onClose', async () => snapshots.stop());
  }
  app.decorate('catalog', catalog);
  app.decorate('catalogSnapshots', snapshots);
  app.addHook('onReady', async () => catalogSync.start());
  app.addHook('onClose', async () => catalogSync.stop());
  app.decorate('catalogSync', catalogSync);
  // Import jobs (import/import-job-worker.ts), run here once this instance listens: its name is
  // its host and port, which a restart on the same port keeps (it then takes its own interrupted job again).
  const importJobs = new ImportJobWorker(db, {
    clock,
    showChange: () => catalogSync.syncOnce(),
    log: { warn: (message) => app.log.warn(message), error: (message) => app.log.error(message) },
    ended: (outcome) => metrics?.importJobEnded(outcome),
  });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    importJobs.start(`${os.hostname()}:${typeof address === 'object' && address ? address.port : process.pid}`);
  });
  app.addHook('onClose', async () => importJobs.stop());
  const groupTokens = new GroupTokens(tokenSecret);
  app.decorate('groupTokens', groupTokens);
  await app.register(searchRoutes, { catalog, groupTokens, reviewSearch });
  await app.register(productRoutes, { catalog, reviews, store });
  await app.register(stockRoutes, { db });
  await app.register(catalogImportRoutes, { db, worker: importJobs }); // /api/catalog/import: an operator's import jobs and suppliers' profiles (import/)
  await app.register(urlRoutes, { catalog });
});
