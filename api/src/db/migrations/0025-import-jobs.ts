import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Catalogue imports as jobs (issue #49, docs/catalogue.md "Imports as jobs"):
 * - `import_job`: every import a shop was sent (through `POST /api/catalog/import` or run by
 *   `npm run catalog:import` straight on the database) — the file itself (`file`, dropped from
 *   finished jobs after a while; the row stays as the history), its SHA-256, who sent it and
 *   how, and the run: `state` queued → checking → applying → done | refused | failed, the
 *   instance running it and its lease (`lease_until`, renewed while it runs: a job whose
 *   instance died is taken again once it runs out), the tries, and the outcome — the report,
 *   the refusal's problems, the reason of a failure, the refused rows as CSV.
 * - `import_profile`: a supplier's saved column mapping (`--save-profile`, `PUT
 *   /api/catalog/import/profiles/:name`), as JSON.
 * Times are ISO-8601 UTC strings, as everywhere in this schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('import_job')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('file', postgres ? 'bytea' : 'blob')
    .addColumn('file_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('options', 'text', (col) => col.notNull())
    .addColumn('via', 'varchar(16)', (col) => col.notNull())
    .addColumn('submitted_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('token_id', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('instance', 'varchar(255)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('report', 'text')
    .addColumn('refusal', 'text')
    .addColumn('error', 'text')
    .addColumn('refused_csv', 'text')
    .execute();
  await db.schema.createIndex('import_job_state').on('import_job').columns(['state', 'id']).execute();
  await db.schema.createIndex('import_job_file').on('import_job').column('file_sha256').execute();
  await db.schema
    .createTable('import_profile')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('profile', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_profile').execute();
  await db.schema.dropTable('import_job').execute();
}
