import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedCatalog, type SeedOptions } from '../src/seed/catalog-seed';
import { freshTestDatabase } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  baseUrl: string;
  varDir: string;
  close(): Promise<void>;
}

/** The day seeded test catalogues are generated for and priced at (promotions are relative to it). */
export const TEST_TODAY = '2026-11-21';
export const TEST_SEED: SeedOptions = { products: 300, seed: 2026, today: TEST_TODAY };

export interface TestServerOptions {
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * The shell the release gate checks builds against: this checkout's shell build (when built)
   * and no server-render check by default — registry tests hand one in (api/test/registry-helpers.ts).
   */
  shell?: AppOptions['shell'];
  /** Seed a generated catalogue first (priced at noon of TEST_TODAY). */
  seed?: SeedOptions;
  /** Settings over the test defaults (e.g. PUBLIC_ORIGINS, a log level). */
  config?: Partial<Config>;
  /** Where log lines go (with `config.logLevel`; tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * Another instance of this shop: the same database and mail folder (nothing migrated or
   * seeded again; closing it leaves both to the first) — what a second process behind a
   * balancer is.
   */
  instanceOf?: TestServer;
  /** An empty database made elsewhere (a test's own PostgreSQL server): migrated and seeded here, not dropped. */
  databaseUrl?: string;
  /** The shop's clock (prices, imports); noon of the seed's day by default. */
  clock?: () => Date;
  /** The loopback port to listen on (a free one by default): a page server installed by `extend` calls its own API there. */
  port?: number;
}

/** This checkout's shell build: its share-scope.json, once built, is what the gate checks a build's singletons against. */
const SHELL_DIST = path.resolve(__dirname, '../../shell/dist');

/** A real API on a loopback port with a fresh database (SQLite, or PostgreSQL in that run); tests talk to it over HTTP. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const shared = options.instanceOf;
  const varDir = shared?.varDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-api-'));
  const database = shared || options.databaseUrl ? null : await freshTestDatabase(varDir);
  const config = {
    ...loadConfig({}),
    varDir,
    port: 0,
    logLevel: 'silent',
    databaseUrl: shared?.db.url ?? options.databaseUrl ?? database!.url,
    publicOrigin: 'https://sklep.kaloryfer.test',
    mailDir: path.join(varDir, 'mail'),
    catalogSnapshot: path.join(varDir, 'catalog-snapshot.bin'),
    // Password hashing at the lowest accepted cost: tests check behaviour, not hashing strength
    // (the account tests cover the stored parameters and the upgrade at login).
    passwordScryptCost: 14,
    // Every answer of every API test is checked against its route's schema (shared/api-contract).
    checkResponses: true,
    ...options.config,
  };
  const db = openDatabase(config.databaseUrl);
  if (!shared) {
    await migrateToLatest(db);
    if (options.seed) await seedCatalog(db, options.seed);
  }
  const today = options.seed?.today ?? TEST_TODAY;
  const app = await buildApp({
    config,
    db,
    clock: options.clock ?? (() => new Date(`${today}T12:00:00Z`)),
    logStream: options.logStream,
    shell: options.shell ?? { dist: SHELL_DIST },
  });
  await options.extend?.(app);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    varDir,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await db.close();
      if (shared) return;
      await database?.drop();
      fs.rmSync(varDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two API instances on one database, as behind the balancer (PostgreSQL's suite): started before
 * the file's tests, handed to `started`, closed after them.
 */
export function twoInstancesOfOneShop(started: (pair: { a: TestServer; b: TestServer }) => void): void {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer({ seed: TEST_SEED });
    b = await startTestServer({ instanceOf: a });
    started({ a, b });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
}
/**
 * Polls until `attempt` answers something other than null or false (what another connection or
 * instance announces arrives after the request that caused it); fails after `withinMs`.
 */
export async function eventually<T>(attempt: () => Promise<T | null | false>, withinMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await attempt();
    if (value !== null && value !== false) return value;
    if (Date.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
