import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Online payments. An order paid through a gateway gets one `payment` per attempt (a retry after
 * a failure is a new attempt with a new gateway order id); `gateway_order_id` is unique, so a
 * notification finds exactly one attempt. Every notification that verified is kept in
 * `payment_notification` with what it changed — duplicates and replays show up there as
 * 'unchanged'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, name: string) =>
    table.addColumn(name, postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await id(db.schema.createTable('payment'), 'id')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('sales_order.id').onDelete('cascade'))
    .addColumn('gateway', 'varchar(32)', (col) => col.notNull())
    .addColumn('gateway_order_id', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('method', 'varchar(64)', (col) => col.notNull())
    .addColumn('amount_grosze', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('redirect_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_order').on('payment').column('order_id').execute();

  await id(db.schema.createTable('payment_notification'), 'id')
    .addColumn('gateway_order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('body_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_notification_gateway_order').on('payment_notification').column('gateway_order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_notification').execute();
  await db.schema.dropTable('payment').execute();
}
