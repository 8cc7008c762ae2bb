import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Canaries (docs/releasing.md, "Canaries"): a new build of a remote's variant served to a share
 * of shoppers beside the live one, stepped up while its signals are healthy and rolled back by
 * itself when they are not.
 * - `mfe_canary`: the running canary of a (remote, variant), at most one: its build, the share
 *   of shoppers it gets now (`percent`), its steps, when the step began, paused or not.
 * - `mfe_build.bad`: why a build was rolled back by its canary's signals (null: not marked); a
 *   bad build goes live or into a canary again only when forced.
 * On PostgreSQL a change of `mfe_canary` is announced like one of `mfe_live` (kf_registry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mfe_canary')
    .addColumn('remote', 'varchar(16)', (col) => col.notNull())
    .addColumn('variant', 'varchar(16)', (col) => col.notNull())
    .addColumn('build_hash', 'varchar(64)', (col) => col.notNull().references('mfe_build.hash'))
    .addColumn('percent', 'integer', (col) => col.notNull())
    .addColumn('steps', 'varchar(200)', (col) => col.notNull())
    .addColumn('step_started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('team', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('mfe_canary_pk', ['remote', 'variant'])
    .execute();
  await db.schema.alterTable('mfe_build').addColumn('bad', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger mfe_canary_changed after insert or update or delete on mfe_canary
      for each statement execute function kf_notify_registry()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop trigger if exists mfe_canary_changed on mfe_canary`.execute(db);
  await db.schema.alterTable('mfe_build').dropColumn('bad').execute();
  await db.schema.dropTable('mfe_canary').execute();
}
