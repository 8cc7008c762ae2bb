import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The mail outbox (issue #22, docs/orders.md "Orders, mail and stock"): an e-mail that must not
 * be lost (the order confirmation) is written as a row in the same transaction as what it
 * confirms, and a worker delivers it afterwards with retries — a crash between the commit and
 * the delivery leaves the row, and the next start delivers it.
 * - `dedupe_key` is unique: one confirmation per order however often the order is retried.
 * - `status` pending → sent | failed (given up after the last attempt); `attempts` counts tries,
 *   `next_attempt_at` is when the next one is due (exponential backoff), `locked_until` is the
 *   lease of the worker trying it now (a worker that dies mid-send frees it when it runs out).
 * Times are ISO-8601 UTC strings, as everywhere in this schema: they sort as they compare.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('dedupe_key', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
