import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { namePreparedStatements } from './prepared-statements';
import { parsePostgresHosts, PrimaryFinder, type PostgresHosts } from './postgres-hosts';
import { readReplication, type ReplicationFigures } from './replication';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** What it was opened with (the change feed opens its own PostgreSQL connection from it). */
  url: string;
  /** PostgreSQL: which of the URL's servers is the primary (db/postgres-hosts.ts); the change feed connects through it too. */
  primary?: PrimaryFinder;
  /** PostgreSQL's connection pool now (/metrics reads it at each scrape); SQLite has none. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** PostgreSQL: the primary's streaming replicas now (db/replication.ts; /metrics reads it at each scrape). */
  replication?: () => Promise<ReplicationFigures | null>;
  close(): Promise<void>;
}

/**
 * One data-access layer over two engines: `sqlite:<file>` (embedded default, WAL) or
 * `postgres://…` (production). Code above this file speaks Kysely and never the driver.
 */
export function openDatabase(url: string): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // A request waits at most 5 s for a connection: while the database is away it gets a 503
    // (http/error-handler.ts), not a hang. A connection the server dropped (a restart) is
    // discarded by the pool — the 'error' listener keeps that from ending the process — and the
    // next query connects anew.
    const max = poolSize(process.env.DATABASE_POOL_SIZE);
    const hosts = parsePostgresHosts(url);
    const finder = new PrimaryFinder(hosts);
    const pool = new pg.Pool({
      connectionString: failsOver(hosts) ? hosts.servers[0] : url,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      ...(failsOver(hosts) ? serverPerConnection(finder) : {}),
    });
    pool.on('error', () => {});
    // A client in use when the server goes away emits 'error' too, and Kysely listens to none:
    // unheard, it would end the process. The failed query rejects on its own; the pool then
    // drops the client (it is no longer queryable) at release.
    const prepared = preparedStatements(process.env.DATABASE_PREPARED_STATEMENTS);
    pool.on('connect', (client) => {
      client.on('error', () => {});
      if (prepared) namePreparedStatements(client as pg.PoolClient);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: failsOver(hosts) ? waitingForPrimary(pool, finder) : pool }) });
    const figures = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
    return { kysely, dialect: 'postgres', url, primary: finder, pool: figures, replication: () => readReplication(kysely), close: () => kysely.destroy() };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', url, close: () => kysely.destroy() };
}

/** Several servers listed, or a primary asked for: each connection finds its server through the PrimaryFinder. */
const failsOver = (hosts: PostgresHosts) => hosts.servers.length > 1 || hosts.readWrite;

/**
 * The pool's connections for a URL listing several servers: each new connection goes to the
 * server the finder names now; one that finds a standby moves the finder on.
 */
function serverPerConnection(finder: PrimaryFinder): Pick<pg.PoolConfig, 'Client' | 'onConnect'> {
  class ServerClient extends pg.Client {
    readonly server: string;
    constructor(config?: pg.ClientConfig) {
      const server = finder.current;
      super({ ...config, connectionString: server });
      this.server = server;
    }
  }
  return {
    Client: ServerClient as unknown as new () => pg.ClientBase,
    // Awaited by pg-pool before the connection is handed out (its type says void).
    onConnect: ((client: ServerClient) =>
      finder.check(client, client.server).catch((error: unknown) => {
        finder.failed(client.server);
        throw error;
      })) as unknown as (client: pg.ClientBase) => void,
  };
}

/** How long a query waits for a primary to connect to: a promotion takes about a second. */
const PRIMARY_WAIT_MS = 5_000;

/** pg-pool's own wait for a free connection ran out: the pool is full, no server is at fault. */
const isPoolFull = (error: unknown) => error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);

/**
 * Kysely's view of the pool, for a URL listing several servers. A new connection that fails (its
 * server is down, or a standby) moves the finder on and is asked for again, for up to
 * PRIMARY_WAIT_MS: a query issued during a failover waits for the promoted server instead of
 * failing. After that the error stands (a 503: db/unavailable.ts).
 */
function waitingForPrimary(pool: pg.Pool, finder: PrimaryFinder): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  return {
    async connect() {
      const deadline = Date.now() + PRIMARY_WAIT_MS;
      for (;;) {
        const server = finder.current;
        try {
          return await pool.connect();
        } catch (error) {
          if (isPoolFull(error) || Date.now() >= deadline) throw error;
          finder.failed(server);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    end: () => pool.end(),
  };
}

/** DATABASE_POOL_SIZE: PostgreSQL connections per API instance (default 10). */
export function poolSize(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 500) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500, got "${value}"`);
  return size;
}

/** DATABASE_PREPARED_STATEMENTS: `0` sends every query unnamed (behind a pooler that cannot keep a session's statements); default on. */
export function preparedStatements(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '1') return true;
  if (value === '0') return false;
  throw new Error(`DATABASE_PREPARED_STATEMENTS must be 0 or 1, got "${value}"`);
}
