import pg from 'pg';
import type { Db } from './database';

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
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL's `LISTEN` for the `kf_stock` and `kf_catalog` notifications the triggers of
 * 0012-shared-state send at commit: every instance's in-memory catalogue and search index
 * follow a change made through any instance (or by an import) within milliseconds. One
 * connection of its own, outside the pool; when it drops (the database restarts) it reconnects
 * with backoff and reports `reconnected` so the owner can compare everything once.
 * SQLite has one process: no feed there (`changeFeedFor` answers null).
 */
export function changeFeedFor(db: Db, listener: ChangeListener, log: (message: string) => void = () => {}): ChangeFeed | null {
  if (db.dialect !== 'postgres') return null;
  let client: pg.Client | null = null;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
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

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === 'kf_stock' && message.payload) skus.add(message.payload);
      else if (message.channel === 'kf_catalog') tables.add(message.payload ?? '');
      gatherTimer ??= setTimeout(flush, GATHER_MS);
    });
    next.on('error', () => {}); // followed by 'end'
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      log('change feed: connection lost, reconnecting');
      schedule();
    });
    await next.connect();
    await next.query('LISTEN kf_stock');
    await next.query('LISTEN kf_catalog');
    client = next;
  };

  const schedule = () => {
    if (stopped || reconnectTimer) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        () => {
          attempt = 0;
          log('change feed: listening again');
          listener.reconnected();
        },
        () => schedule(),
      );
    }, delay);
    reconnectTimer.unref();
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      try {
        await connect();
      } catch (error) {
        log(`change feed: cannot listen yet (${(error as Error).message}); retrying`);
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (gatherTimer) clearTimeout(gatherTimer);
      reconnectTimer = null;
      gatherTimer = null;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
