import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Customer accounts (issue #17, docs/account.md).
 * - `refresh_token`: one row per refresh token ever issued. Only the SHA-256 of its secret part is
 *   kept; `family_id` groups the tokens of one sign-in (each refresh rotates to a new row of the
 *   same family). `used_at` marks a token rotated out, `revoked_at` a family ended by logout,
 *   reuse detection or a password change.
 * - `password_reset`: single-use reset tokens (SHA-256 only), with their expiry.
 * - `customer_address`: the address book (ids the client refers to; another customer's id → 404).
 * - `wishlist_item`: a customer's server wishlist, once per product sku.
 * - `customer` gains the default shipping/billing address ids, the newsletter flag and updated_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, name: string) =>
    table.addColumn(name, postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()));
  const customerRef = 'customer.id';

  await db.schema.alterTable('customer').addColumn('default_shipping', 'integer').execute();
  await db.schema.alterTable('customer').addColumn('default_billing', 'integer').execute();
  await db.schema
    .alterTable('customer')
    .addColumn('newsletter_subscribed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('customer').addColumn('updated_at', 'varchar(32)').execute();

  await id(db.schema.createTable('refresh_token'), 'id')
    .addColumn('selector', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('verifier_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('family_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references(customerRef).onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_token_family').on('refresh_token').column('family_id').execute();
  await db.schema.createIndex('refresh_token_customer').on('refresh_token').column('customer_id').execute();

  await id(db.schema.createTable('password_reset'), 'id')
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references(customerRef).onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('password_reset_customer').on('password_reset').column('customer_id').execute();

  await id(db.schema.createTable('customer_address'), 'id')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references(customerRef).onDelete('cascade'))
    .addColumn('firstname', 'varchar(100)', (col) => col.notNull())
    .addColumn('lastname', 'varchar(100)', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull())
    .addColumn('city', 'varchar(100)', (col) => col.notNull())
    .addColumn('postcode', 'varchar(16)', (col) => col.notNull())
    .addColumn('country_id', 'varchar(2)', (col) => col.notNull())
    .addColumn('telephone', 'varchar(32)')
    .addColumn('company', 'varchar(200)')
    .addColumn('vat_id', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('customer_address_customer').on('customer_address').column('customer_id').execute();

  await id(db.schema.createTable('wishlist_item'), 'id')
    .addColumn('customer_id', 'integer', (col) => col.notNull().references(customerRef).onDelete('cascade'))
    .addColumn('sku', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('wishlist_item_customer_sku').on('wishlist_item').columns(['customer_id', 'sku']).unique().execute();

  await db.schema.createIndex('sales_order_customer').on('sales_order').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sales_order_customer').execute();
  await db.schema.dropTable('wishlist_item').execute();
  await db.schema.dropTable('customer_address').execute();
  await db.schema.dropTable('password_reset').execute();
  await db.schema.dropTable('refresh_token').execute();
  await db.schema.alterTable('customer').dropColumn('updated_at').execute();
  await db.schema.alterTable('customer').dropColumn('newsletter_subscribed').execute();
  await db.schema.alterTable('customer').dropColumn('default_billing').execute();
  await db.schema.alterTable('customer').dropColumn('default_shipping').execute();
}
