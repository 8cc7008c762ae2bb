import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A writer that knows what it changed says so (issue #49, docs/catalogue.md "How instances stay
 * current"). 0021's trigger tells a price change from any other by comparing each updated
 * product's document with its old one less the price keys — two JSON documents parsed per row:
 * 1.3 s of the 1.4 s an import of 10,000 prices (3,470 documents, ~8 KB each) spent updating
 * products on PostgreSQL, inside the transaction that holds the rows' locks. An import knows which
 * products changed their prices alone: it sets `kf.change_kind` ('price' or 'product', local to
 * its transaction) around each statement, and the trigger logs that kind without reading the
 * documents. Anything else that updates a product sets nothing and is compared as before; a SKU
 * that changed is still logged 'product' either way. SQLite's per-row trigger compares in place
 * (json_remove, no parsing into another form) and stays as it is.
 */
const PRICE_KEYS = ['price', 'special_price', 'special_from_date', 'special_to_date', 'updated_at'];
const ROWS_PER_STATEMENT_MAX = 50_000;

/** 0021's function with the declared kind read first (declared: true), or 0021's as it was (false). */
async function logFunction(db: Kysely<unknown>, declared: boolean): Promise<void> {
  const keys = sql.raw(`array[${PRICE_KEYS.map((key) => `'${key}'`).join(', ')}]::text[]`);
  const trusted = declared
    ? sql`when o.sku = n.sku and current_setting('kf.change_kind', true) in ('price', 'product') then current_setting('kf.change_kind', true)`
    : sql``;
  await sql`create or replace function kf_log_product_update() returns trigger language plpgsql as $$
    declare
      changed bigint;
    begin
      select count(*) into changed from new_rows;
      if changed = 0 then
        return null;
      end if;
      if changed > ${sql.lit(ROWS_PER_STATEMENT_MAX)} then
        insert into catalog_change (sku, kind) values ('product', 'catalog');
      else
        insert into catalog_change (sku, kind)
          select n.sku,
                 case ${trusted}
                      when o.sku = n.sku and o.type_id = n.type_id and o.url_path = n.url_path
                        and o.status = n.status and o.visibility = n.visibility
                        and (o.doc::jsonb - ${keys}) = (n.doc::jsonb - ${keys})
                      then 'price' else 'product' end
          from new_rows n left join old_rows o on o.id = n.id
          union
          select o.sku, 'product' from old_rows o left join new_rows n on n.id = o.id where n.id is null or o.sku <> n.sku;
      end if;
      perform pg_notify('kf_change', '');
      return null;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await logFunction(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await logFunction(db, false);
}
