import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The remote registry in the shop's database (issue #32, docs/releasing.md): which build of each
 * remote (and A/B variant) the shop serves, the builds' files, who may change it, and what
 * happened when.
 * - `mfe_blob`: every file a build ever published, addressed by the SHA-256 of its bytes (the
 *   same chunk in ten versions is one row). Immutable: a row is never updated.
 * - `mfe_build`: one published build of (remote, variant, version) — unique, so a version can
 *   never name other bytes — with its file list (path → blob), its build hash (the SHA-256 of
 *   that list: the id every instance and URL uses), the entry's Subresource Integrity hash,
 *   the release gate's result, the team and the time.
 * - `mfe_remote`: one row per remote: its A/B control variant and the release lease (who holds
 *   it, until when) that serialises releases of that remote across every instance.
 * - `mfe_live`: what shoppers get now: per (remote, variant) the build and its weight.
 * - `mfe_event`: append-only history — release, rollback, weight, withdraw, refused — with
 *   the build before and after, the team, the reason and the gate's checks.
 * - `registry_token`: the teams' and operators' tokens, stored as SHA-256 of their secret.
 * On PostgreSQL a trigger announces every change of `mfe_live` or `mfe_remote.control` at
 * commit (`NOTIFY kf_registry`): every instance reloads the registry within milliseconds.
 * Times are ISO-8601 UTC strings, as everywhere in this schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('mfe_blob')
    .addColumn('hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('mfe_build')
    .addColumn('hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('remote', 'varchar(16)', (col) => col.notNull())
    .addColumn('variant', 'varchar(16)', (col) => col.notNull())
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .addColumn('container', 'varchar(64)', (col) => col.notNull())
    .addColumn('contracts', 'varchar(32)', (col) => col.notNull())
    .addColumn('entry_integrity', 'varchar(128)', (col) => col.notNull())
    .addColumn('ssr_path', 'varchar(200)')
    .addColumn('ssr_integrity', 'varchar(128)')
    .addColumn('origin', 'varchar(500)')
    .addColumn('files', 'text', (col) => col.notNull())
    .addColumn('gate', 'text', (col) => col.notNull())
    .addColumn('team', 'varchar(32)', (col) => col.notNull())
    .addColumn('built_at', 'varchar(32)')
    .addColumn('published_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('mfe_build_version', ['remote', 'variant', 'version'])
    .execute();
  await db.schema
    .createTable('mfe_remote')
    .addColumn('remote', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('control', 'varchar(16)')
    .addColumn('lock_id', 'varchar(64)')
    .addColumn('lock_team', 'varchar(32)')
    .addColumn('lock_until', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('mfe_live')
    .addColumn('remote', 'varchar(16)', (col) => col.notNull())
    .addColumn('variant', 'varchar(16)', (col) => col.notNull())
    .addColumn('build_hash', 'varchar(64)', (col) => col.notNull().references('mfe_build.hash'))
    .addColumn('weight', 'integer', (col) => col.notNull())
    .addColumn('event_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('mfe_live_pk', ['remote', 'variant'])
    .execute();
  await db.schema
    .createTable('mfe_event')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('remote', 'varchar(16)', (col) => col.notNull())
    .addColumn('variant', 'varchar(16)', (col) => col.notNull())
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('build_hash', 'varchar(64)')
    .addColumn('version', 'varchar(64)')
    .addColumn('previous_hash', 'varchar(64)')
    .addColumn('previous_version', 'varchar(64)')
    .addColumn('weight', 'integer')
    .addColumn('team', 'varchar(32)', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('gate', 'text')
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mfe_event_remote').on('mfe_event').columns(['remote', 'id']).execute();
  await db.schema
    .createTable('registry_token')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('team', 'varchar(32)', (col) => col.notNull())
    .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('label', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('last_used_at', 'varchar(32)')
    .execute();

  if (!postgres) return;
  await sql`create function kf_notify_registry() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kf_registry', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of ['mfe_live', 'mfe_remote']) {
    await sql`create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete on ${sql.table(table)}
      for each statement execute function kf_notify_registry()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of ['mfe_live', 'mfe_remote']) await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists kf_notify_registry()`.execute(db);
  }
  for (const table of ['registry_token', 'mfe_event', 'mfe_live', 'mfe_remote', 'mfe_build', 'mfe_blob']) await db.schema.dropTable(table).execute();
}
