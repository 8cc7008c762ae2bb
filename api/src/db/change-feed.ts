import type { Db } from './database';
import { pgListener } from './pg-listener';

/** What every instance hears of changes in the database. */
export interface ChangeListener {
  /** The catalogue's change log has new rows (db/change-log.ts): read them from the watermark. */
  changed(): void;
  /** The feed was away (database restart) and is back: anything may have been written meanwhile. */
  reconnected(): void;
}

export interface ChangeFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long notifications are gathered before the listener is told (ten orders at once: one read of the log). */
const GATHER_MS = 20;

/**
 * The catalogue's change feed: PostgreSQL's `LISTEN` (db/pg-listener.ts) for the `kf_change`
 * notification the change log's triggers (0020-catalog-changes) send at commit — a wake-up only:
 * what changed is read from the log after the instance's watermark, so a notification lost while
 * the connection was away costs nothing but the `reconnected` call. Notifications are gathered for
 * a moment. SQLite has one process: no feed there (`changeFeedFor` answers null; it polls the log).
 */
export function changeFeedFor(db: Db, listener: ChangeListener, log: (message: string) => void = () => {}): ChangeFeed | null {
  let gatherTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    gatherTimer = null;
    listener.changed();
  };
  const feed = pgListener(
    db,
    ['kf_change'],
    {
      notification() {
        gatherTimer ??= setTimeout(flush, GATHER_MS);
      },
      reconnected: () => listener.reconnected(),
    },
    (message) => log(message.replace('kf_change feed', 'change feed')),
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
