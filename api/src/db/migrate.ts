import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-store';
import * as m0002 from './migrations/0002-catalog';
import * as m0003 from './migrations/0003-reviews';
import * as m0004 from './migrations/0004-carts';
import * as m0005 from './migrations/0005-customers';
import * as m0006 from './migrations/0006-orders';
import * as m0007 from './migrations/0007-payments';

/** Migrations are code, listed here in order; a new one is a new file and a new line. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-store': m0001,
  '0002-catalog': m0002,
  '0003-reviews': m0003,
  '0004-carts': m0004,
  '0005-customers': m0005,
  '0006-orders': m0006,
  '0007-payments': m0007,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
