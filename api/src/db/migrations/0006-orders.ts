import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Orders. An order is made once per client order id (`client_order_id` is unique: a double
 * click, a retry or an offline replay gets the first order back). Order numbers
 * (`increment_id`) come from one counter row per store, incremented inside the order's
 * transaction, so they are sequential without gaps from failed attempts. Lines keep the prices
 * the server computed when the order was placed, in grosze (integers: exact on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, name: string) =>
    table.addColumn(name, postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await db.schema
    .createTable('order_sequence')
    .addColumn('store_code', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('last_value', 'integer', (col) => col.notNull())
    .execute();

  await id(db.schema.createTable('sales_order'), 'id')
    .addColumn('increment_id', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('store_code', 'varchar(16)', (col) => col.notNull())
    .addColumn('client_order_id', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('cart_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('customer_id', 'integer')
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('status', 'varchar(32)', (col) => col.notNull())
    .addColumn('payment_state', 'varchar(16)', (col) => col.notNull())
    .addColumn('shipping_method', 'varchar(64)', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(64)', (col) => col.notNull())
    .addColumn('addresses', 'text', (col) => col.notNull())
    .addColumn('totals', 'text', (col) => col.notNull())
    .addColumn('grand_total_grosze', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await id(db.schema.createTable('sales_order_item'), 'id')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('sales_order.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('qty', 'integer', (col) => col.notNull())
    .addColumn('price_grosze', 'integer', (col) => col.notNull())
    .addColumn('row_total_grosze', 'integer', (col) => col.notNull())
    .addColumn('product_option', 'text')
    .addColumn('options', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sales_order_item_order').on('sales_order_item').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sales_order_item').execute();
  await db.schema.dropTable('sales_order').execute();
  await db.schema.dropTable('order_sequence').execute();
}
