import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Product reviews. A review belongs to a parent product (by id); shoppers' new reviews wait
 * for moderation (`pending`) and only `approved` ones are shown or counted in the average.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('review')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('nickname', 'varchar(60)', (col) => col.notNull())
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_product_status').on('review').columns(['product_id', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review').execute();
}
