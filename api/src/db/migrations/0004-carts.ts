import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Server carts (the VSF cart calls). A cart's id is an unguessable token the client keeps;
 * a customer's cart also names the customer, and then only their token may use it. Lines keep
 * what the shopper chose (sku, qty, options) — never a price: prices are computed from the
 * catalogue each time the cart is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('cart')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer')
    .addColumn('coupon_code', 'varchar(64)')
    .addColumn('shipping_method', 'varchar(64)')
    .addColumn('payment_method', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cart_customer').on('cart').column('customer_id').execute();

  await db.schema
    .createTable('cart_item')
    .addColumn('item_id', postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('cart_id', 'varchar(64)', (col) => col.notNull().references('cart.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (col) => col.notNull())
    .addColumn('qty', 'integer', (col) => col.notNull())
    .addColumn('product_option', 'text')
    .addColumn('checksum', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cart_item_line').on('cart_item').columns(['cart_id', 'checksum']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_item').execute();
  await db.schema.dropTable('cart').execute();
}
