import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A price history point deleted is a price change (issue #49, docs/catalogue.md "How instances
 * stay current"). 0020 logged every deleted row of a product table as 'product' — right for a
 * stock row (the product is reloaded), too much for a history point: the day's first import
 * compacts old history (import-writes.ts) and each product whose points it removed was reloaded,
 * parsed and re-indexed whole on every instance, where its prices alone changed. An instance
 * patching a 'price' change reads the SKU's whole history again (`Catalog.reloadPrices`), so a
 * point gone is forgotten as surely as a point added is learnt.
 */
const ROWS_PER_STATEMENT_MAX = 50_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return sqliteDeleteTrigger(db, 'price');
  // 0020's function logs a DELETE as 'product' whatever its table: price_history gets its own.
  await sql`create function kf_log_price_history_delete() returns trigger language plpgsql as $$
    declare
      changed bigint;
    begin
      select count(*) into changed from old_rows;
      if changed = 0 then
        return null;
      end if;
      if changed > ${sql.lit(ROWS_PER_STATEMENT_MAX)} then
        insert into catalog_change (sku, kind) values (tg_table_name, 'catalog');
      else
        insert into catalog_change (sku, kind) select distinct sku, 'price' from old_rows;
      end if;
      perform pg_notify('kf_change', '');
      return null;
    end $$`.execute(db);
  await postgresDeleteTrigger(db, sql`kf_log_price_history_delete()`);
}

async function postgresDeleteTrigger(db: Kysely<unknown>, run: ReturnType<typeof sql>): Promise<void> {
  await sql`drop trigger price_history_log_delete on price_history`.execute(db);
  await sql`create trigger price_history_log_delete after delete on price_history referencing old table as old_rows
    for each statement execute function ${run}`.execute(db);
}

async function sqliteDeleteTrigger(db: Kysely<unknown>, kind: 'price' | 'product'): Promise<void> {
  await sql`drop trigger price_history_log_delete`.execute(db);
  await sql`create trigger price_history_log_delete after delete on price_history begin
    insert into catalog_change (sku, kind) values (old.sku, ${sql.lit(kind)});
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return sqliteDeleteTrigger(db, 'product');
  await postgresDeleteTrigger(db, sql`kf_log_catalog_change('product')`);
  await sql`drop function kf_log_price_history_delete()`.execute(db);
}
