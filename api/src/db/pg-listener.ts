import pg from 'pg';
import type { Db } from './database';

export interface PgListener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface PgListenerHandlers {
  notification(channel: string, payload: string | undefined): void;
  /** The connection was away (database restart) and is back: anything may have been missed. */
  reconnected(): void;
}

const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL's `LISTEN` on `channels`, on one connection of its own outside the pool: every
 * `NOTIFY` on them reaches `notification` at the sender's commit. When the connection drops (the
 * database restarts) it reconnects with backoff and reports `reconnected`, so the owner can
 * compare what it holds once. SQLite has one process and no notifications: null there.
 */
export function pgListener(db: Db, channels: string[], handlers: PgListenerHandlers, log: (message: string) => void = () => {}): PgListener | null {
  if (db.dialect !== 'postgres') return null;
  let client: pg.Client | null = null;
  let stopped = true;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const name = channels.join('+');

  const connect = async (): Promise<void> => {
    // A standby refuses LISTEN (and hears no NOTIFY): with several servers listed, the primary's connection.
    const next = db.primary
      ? await db.primary.connectClient({ connectionTimeoutMillis: 5_000 })
      : new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => handlers.notification(message.channel, message.payload));
    next.on('error', () => {}); // followed by 'end'
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      log(`${name} feed: connection lost, reconnecting`);
      schedule();
    });
    if (!db.primary) await next.connect();
    for (const channel of channels) await next.query(`LISTEN ${channel}`);
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
          log(`${name} feed: listening again`);
          handlers.reconnected();
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
        log(`${name} feed: cannot listen yet (${(error as Error).message}); retrying`);
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
