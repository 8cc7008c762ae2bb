import type { PostgresServer } from '../../../scripts/lib/postgres-server';

export default async function globalTeardown(): Promise<void> {
  (globalThis as { __kfPostgres?: PostgresServer }).__kfPostgres?.stop();
}
