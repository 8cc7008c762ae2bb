import type { Kysely } from 'kysely';

/**
 * The catalogue. Each entity is stored as its API document (JSON text, the shape the
 * vue-storefront-api contract serves) with the columns lookups and joins need beside it.
 * Stock and price history are rows of their own: orders reserve stock by SKU, and the
 * Omnibus rule reads the price timeline of one SKU.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const documentTable = (name: string) => db.schema.createTable(name).addColumn('doc', 'text', (col) => col.notNull());

  await documentTable('category')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('parent_id', 'integer', (col) => col.notNull())
    .addColumn('slug', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('url_path', 'varchar(512)', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  await documentTable('attribute')
    .addColumn('attribute_id', 'integer', (col) => col.primaryKey())
    .addColumn('attribute_code', 'varchar(64)', (col) => col.notNull().unique())
    .execute();

  await documentTable('tax_rule')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .execute();

  await documentTable('product')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('sku', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('type_id', 'varchar(16)', (col) => col.notNull())
    .addColumn('url_path', 'varchar(512)', (col) => col.notNull().unique())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('visibility', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('stock_item')
    .addColumn('sku', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('parent_sku', 'varchar(64)')
    .addColumn('qty', 'integer', (col) => col.notNull())
    .addColumn('is_in_stock', 'integer', (col) => col.notNull())
    .addColumn('manage_stock', 'integer', (col) => col.notNull())
    .addColumn('is_volatile', 'integer', (col) => col.notNull())
    .addColumn('min_sale_qty', 'integer', (col) => col.notNull())
    .addColumn('max_sale_qty', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stock_item_parent').on('stock_item').column('parent_sku').execute();

  await db.schema
    .createTable('price_history')
    .addColumn('sku', 'varchar(64)', (col) => col.notNull())
    .addColumn('valid_from', 'varchar(10)', (col) => col.notNull())
    .addColumn('price_incl_tax', 'real', (col) => col.notNull())
    .addPrimaryKeyConstraint('price_history_pk', ['sku', 'valid_from'])
    .execute();

  await documentTable('cms_page')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('identifier', 'varchar(128)', (col) => col.notNull().unique())
    .execute();

  await documentTable('cms_block')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('identifier', 'varchar(128)', (col) => col.notNull().unique())
    .execute();

  await documentTable('advice_article')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slug', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('published_at', 'varchar(10)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('catalog_meta')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'catalog_meta',
    'advice_article',
    'cms_block',
    'cms_page',
    'price_history',
    'stock_item',
    'product',
    'tax_rule',
    'attribute',
    'category',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
