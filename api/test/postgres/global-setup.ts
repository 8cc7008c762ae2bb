import { startPostgres, type PostgresServer } from '../../../scripts/lib/postgres-server';

/**
 * The PostgreSQL run of the API suite (`api/jest.postgres.config.cjs`): one throwaway server for
 * the whole run; every test server gets a database of its own on it (`test-database.ts`).
 */
export default async function globalSetup(): Promise<void> {
  const server = await startPostgres({ durable: false, maxConnections: 400 });
  process.env.KF_TEST_PG_URL = server.url();
  (globalThis as { __kfPostgres?: PostgresServer }).__kfPostgres = server;
}
