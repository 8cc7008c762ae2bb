import type { Kysely } from 'kysely';

/**
 * Idempotency keys (issue #33, docs/cart.md "A change sent twice"): a client names each change it
 * means to make (`Idempotency-Key`, IETF draft-ietf-httpapi-idempotency-key-header); the first
 * request with a key makes the change and keeps its answer here, and a request sent again with
 * the same key — after an answer lost to the network — gets that answer instead of a second
 * change. Per scope (the cart), for 24 hours. `answer` is null while the first request runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_record')
    .addColumn('scope', 'varchar(120)', (col) => col.notNull())
    .addColumn('key', 'varchar(128)', (col) => col.notNull())
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_record_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_record_created').on('idempotency_record').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_record').execute();
}
