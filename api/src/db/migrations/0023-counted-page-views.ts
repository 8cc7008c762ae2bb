import type { Kysely } from 'kysely';

/**
 * Signals a visitor cannot forge (issue #48, docs/releasing.md "Signals"): per minute, build and
 * instance, besides the raw counts — the page views that failed (an error or a mount failure, one
 * per page however many it threw), the page views that fell back to another variant, and the new
 * distinct visitors that viewed and that failed (a visitor is their address hashed with an hourly
 * salt, in memory only: api/src/signals/beacon-ledger.ts). A canary is judged on these.
 */
const COLUMNS = ['failing_views', 'fallback_views', 'visitors', 'failing_visitors'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS)
    await db.schema
      .alterTable('mfe_signal')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('mfe_signal').dropColumn(column).execute();
}
