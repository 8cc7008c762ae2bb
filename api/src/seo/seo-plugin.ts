import os from 'node:os';
import type { Catalog } from '../catalog';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import { seoFileRoutes } from './seo-file-routes';
import { SeoFileWorker } from './seo-file-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the sitemaps and feeds when this instance holds the lease, and knows how they stand (seo-file-worker.ts). */
    seoFiles: SeoFileWorker;
  }
}

interface SeoOptions {
  config: Pick<Config, 'publicOrigin' | 'robots' | 'feedToken' | 'seoFiles'>;
  db: Db;
  clock: () => Date;
  catalog: Catalog;
}

/**
 * What crawlers and merchant services fetch besides the pages (docs/seo.md): `/robots.txt`, the
 * sitemaps (`/sitemap.xml`, `/sitemaps/*.xml`) and the product feeds (`/feeds/*.xml`), written
 * ahead by one instance at a time and served by every instance from the database; `app.seoFiles`,
 * the writer. With ROBOTS=noindex every answer also says `X-Robots-Tag: noindex`.
 */
export const seoPlugin = unencapsulated<SeoOptions>(async function seoPlugin(app, { config, db, clock, catalog }) {
  const worker = new SeoFileWorker({
    db,
    catalog,
    origin: config.publicOrigin,
    clock,
    timings: config.seoFiles,
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
  app.decorate('seoFiles', worker);
  // Started once this instance listens, named by its host and port (as the import jobs' worker:
  // a restart on the same port is the same writer); stopped, and its lease given back, at close.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    worker.start(`${os.hostname()}:${typeof address === 'object' && address ? address.port : process.pid}`);
  });
  app.addHook('onClose', async () => worker.stop());
  if (config.robots === 'noindex') {
    // A staging shop: robots.txt disallows everything, and no answer may be indexed even if linked
    // from elsewhere. Set as the request comes in: the pages' replies are written by the page
    // server itself and run no onSend hook (shell/server/send-parts.ts).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
  }
  await app.register(seoFileRoutes, { store: worker.store, robots: config.robots, origin: config.publicOrigin, feedToken: config.feedToken });
});
