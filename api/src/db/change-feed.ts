import type { Db } from './database';
import { pgListener } from './pg-listener';

/** What changed in the database, as every API instance hears it. */
export interface ChangeListener {
  /** These SKUs' stock rows changed (an order, an import, an edit by hand). */
  stock(skus: string[]): void;
  /** Other catalogue tables changed (products, categories, CMS…): reload the catalogue. */
  catalog(tables: string[]): void;
  /** The feed was away (database restart) and is back: anything may have been missed. */
  reconnected(): void;
}

export interface ChangeFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long notifications are gathered before the listener is told (an order of 10 lines: one call). */
const GATHER_MS = 20;

/**
 * The catalogue's change feed: PostgreSQL's `LISTEN` (db/pg-listener.ts) for the `kf_stock` and
 * `kf_catalog` notifications the triggers of 0012-shared-state send at commit — every instance's
 * in-memory catalogue and search index follow a change made through any instance (or by an
 * import) within milliseconds. Notifications are gathered for a moment, so an order of ten lines
 * is one call. SQLite has one process: no feed there (`changeFeedFor` answers null).
 */
export function changeFeedFor(db: Db, listener: ChangeListener, log: (message: string) => void = () => {}): ChangeFeed | null {
  let gatherTimer: NodeJS.Timeout | null = null;
  const skus = new Set<string>();
  const tables = new Set<string>();
  const flush = () => {
    gatherTimer = null;
    if (skus.size > 0) listener.stock([...skus]);
    if (tables.size > 0) listener.catalog([...tables]);
    skus.clear();
    tables.clear();
  };
  const feed = pgListener(
    db,
    ['kf_stock', 'kf_catalog'],
    {
      notification(channel, payload) {
        if (channel === 'kf_stock' && payload) skus.add(payload);
        else if (channel === 'kf_catalog') tables.add(payload ?? '');
        gatherTimer ??= setTimeout(flush, GATHER_MS);
      },
      reconnected: () => listener.reconnected(),
    },
    (message) => log(message.replace('kf_stock+kf_catalog feed', 'change feed')),
  );
  if (!feed) return null;
  return {
    start: () => feed.start(),
    async stop() {
      if (gatherTimer) clearTimeout(gatherTimer);
      gatherTimer = null;
      await feed.stop();
    },
  };
}
