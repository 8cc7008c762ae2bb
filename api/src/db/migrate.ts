import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-store';
import * as m0002 from './migrations/0002-catalog';
import * as m0003 from './migrations/0003-reviews';
import * as m0004 from './migrations/0004-carts';
import * as m0005 from './migrations/0005-customers';
import * as m0006 from './migrations/0006-orders';
import * as m0007 from './migrations/0007-payments';
import * as m0008 from './migrations/0008-newsletter';
import * as m0009 from './migrations/0009-accounts';
import * as m0010review from './migrations/0010-review-optional-rating';
import * as m0011mail from './migrations/0011-mail-outbox';
import * as m0012shared from './migrations/0012-shared-state';
import * as m0013line from './migrations/0013-line-identity';
import * as m0014registry from './migrations/0014-mfe-registry';
import * as m0015idempotency from './migrations/0015-idempotency';
import * as m0016experiments from './migrations/0016-experiments';
import * as m0017signals from './migrations/0017-mfe-signals';
import * as m0018canary from './migrations/0018-mfe-canary';
import * as m0019orderNumber from './migrations/0019-order-number-sequence';
import * as m0020changes from './migrations/0020-catalog-changes';
import * as m0021prices from './migrations/0021-price-changes';
import * as m0022remotes from './migrations/0022-registered-remotes';
import * as m0023counted from './migrations/0023-counted-page-views';
import * as m0024prices from './migrations/0024-price-moments';
import * as m0025importJobs from './migrations/0025-import-jobs';
import * as m0026seoFiles from './migrations/0026-seo-files';
import * as m0027declaredChangeKind from './migrations/0027-declared-change-kind';
import * as m0028historyDeletionsAsPrices from './migrations/0028-history-deletions-as-prices';
import * as m0029seoFileParts from './migrations/0029-seo-file-parts';

/** Migrations are code, listed here in order; a new one is a new file and a new line. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-store': m0001,
  '0002-catalog': m0002,
  '0003-reviews': m0003,
  '0004-carts': m0004,
  '0005-customers': m0005,
  '0006-orders': m0006,
  '0007-payments': m0007,
  '0008-newsletter': m0008,
  '0009-accounts': m0009,
  '0010-review-optional-rating': m0010review,
  '0011-mail-outbox': m0011mail,
  '0012-shared-state': m0012shared,
  '0013-line-identity': m0013line,
  '0014-mfe-registry': m0014registry,
  '0015-idempotency': m0015idempotency,
  '0016-experiments': m0016experiments,
  '0017-mfe-signals': m0017signals,
  '0018-mfe-canary': m0018canary,
  '0019-order-number-sequence': m0019orderNumber,
  '0020-catalog-changes': m0020changes,
  '0021-price-changes': m0021prices,
  '0022-registered-remotes': m0022remotes,
  '0023-counted-page-views': m0023counted,
  '0024-price-moments': m0024prices,
  '0025-import-jobs': m0025importJobs,
  '0026-seo-files': m0026seoFiles,
  '0027-declared-change-kind': m0027declaredChangeKind,
  '0028-history-deletions-as-prices': m0028historyDeletionsAsPrices,
  '0029-seo-file-parts': m0029seoFileParts,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** In the order they were written. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

const migratorOf = (db: Db) =>
  // Unordered: 0008 and 0009 were written side by side; a database that got 0009 first still takes 0008.
  new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });

export async function migrateToLatest(db: Db): Promise<string[]> {
  return outcome(await migratorOf(db).migrateToLatest());
}

/** Up (or down) to the named migration: an older release's schema, for the upgrade tests. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return outcome(await migratorOf(db).migrateTo(name));
}

function outcome({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
