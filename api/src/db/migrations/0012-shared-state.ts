import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The tables the in-memory catalogue is loaded from (catalog.ts loadCatalogData). */
export const CATALOG_TABLES = ['product', 'category', 'attribute', 'tax_rule', 'cms_page', 'cms_block', 'advice_article', 'price_history'] as const;

/**
 * State several API instances share (issue #23, docs/scaling.md):
 * - `rate_limit_window`: the account rate limits' fixed windows (rule + key → hits, end of the
 *   window in epoch ms), so five wrong passwords count as five on whichever instance they land.
 * - On PostgreSQL, triggers that announce changes to every instance (`LISTEN`, db/change-feed.ts):
 *   `kf_stock` with the SKU of each changed stock row (orders, imports, an edit by hand) and
 *   `kf_catalog` with the table of any other catalogue change. A notification is delivered at
 *   commit, so nobody hears of a change that was rolled back. SQLite has one process: no triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_window')
    .addColumn('rule', 'varchar(32)', (col) => col.notNull())
    .addColumn('key', 'varchar(400)', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('resets_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_window_pk', ['rule', 'key'])
    .execute();
  await db.schema.createIndex('rate_limit_window_resets').on('rate_limit_window').column('resets_at').execute();

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await createChangeNotifications(db);
}

/** PostgreSQL: `kf_stock` per changed stock row, `kf_catalog` per statement on another catalogue table (0020's `down` puts them back). */
export async function createChangeNotifications(db: Kysely<unknown>): Promise<void> {
  await sql`create function kf_notify_stock() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kf_stock', new.sku);
      return null;
    end $$`.execute(db);
  await sql`create trigger stock_item_changed after insert or update on stock_item
    for each row execute function kf_notify_stock()`.execute(db);
  await sql`create function kf_notify_catalog() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kf_catalog', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of CATALOG_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function kf_notify_catalog()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of CATALOG_TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists stock_item_changed on stock_item`.execute(db);
    await sql`drop function if exists kf_notify_catalog()`.execute(db);
    await sql`drop function if exists kf_notify_stock()`.execute(db);
  }
  await db.schema.dropTable('rate_limit_window').execute();
}
