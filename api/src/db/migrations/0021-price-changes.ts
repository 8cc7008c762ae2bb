import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Price changes told apart in the change log (issue #37, docs/catalogue.md "How instances stay
 * current"): a product update that changed nothing but its document's price keys is logged as
 * kind 'price', and so is a new or changed price history point — an instance then patches those
 * products' prices (catalog.ts `reloadPrices`) instead of reloading, parsing and re-indexing them
 * whole. Anything else in the document or the row (name, categories, attributes, a variant's
 * price inside its parent's document…) stays 'product'. A deleted history point stays 'product'
 * (rare). The keys are written out here, not imported: this migration means what it says today.
 */
const PRICE_KEYS = ['price', 'special_price', 'special_from_date', 'special_to_date', 'updated_at'];
const ROWS_PER_STATEMENT_MAX = 50_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upPostgres(db);
  const withoutPrices = (row: 'old' | 'new') => sql.raw(`json_remove(${row}.doc, ${PRICE_KEYS.map((key) => `'$.${key}'`).join(', ')})`);
  await sql`drop trigger product_log_update`.execute(db);
  await sql`create trigger product_log_update after update on product begin
    insert into catalog_change (sku, kind) values (new.sku,
      case when old.sku = new.sku and old.id = new.id and old.type_id = new.type_id and old.url_path = new.url_path
             and old.status = new.status and old.visibility = new.visibility
             and ${withoutPrices('old')} = ${withoutPrices('new')}
           then 'price' else 'product' end);
    insert into catalog_change (sku, kind) select old.sku, 'product' where old.sku <> new.sku;
  end`.execute(db);
  await sqliteHistoryTriggers(db, 'price');
}

/** price_history's insert and update triggers (0020's shape), logging this kind. */
async function sqliteHistoryTriggers(db: Kysely<unknown>, kind: 'price' | 'product'): Promise<void> {
  await sql`drop trigger price_history_log_insert`.execute(db);
  await sql`drop trigger price_history_log_update`.execute(db);
  await sql`create trigger price_history_log_insert after insert on price_history begin
    insert into catalog_change (sku, kind) values (new.sku, ${sql.lit(kind)});
  end`.execute(db);
  await sql`create trigger price_history_log_update after update on price_history begin
    insert into catalog_change (sku, kind) values (new.sku, ${sql.lit(kind)});
    insert into catalog_change (sku, kind) select old.sku, ${sql.lit(kind)} where old.sku <> new.sku;
  end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const keys = sql.raw(`array[${PRICE_KEYS.map((key) => `'${key}'`).join(', ')}]::text[]`);
  // One statement's updated products: each 'price' when only its price keys moved. The documents
  // are compared as jsonb (key order and spacing do not count).
  await sql`create function kf_log_product_update() returns trigger language plpgsql as $$
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
                 case when o.sku = n.sku and o.type_id = n.type_id and o.url_path = n.url_path
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
  await sql`drop trigger product_log_update on product`.execute(db);
  await sql`create trigger product_log_update after update on product referencing old table as old_rows new table as new_rows
    for each statement execute function kf_log_product_update()`.execute(db);
  await postgresHistoryTriggers(db, 'price');
}

/** price_history's insert and update triggers (0020's function), logging this kind. */
async function postgresHistoryTriggers(db: Kysely<unknown>, kind: 'price' | 'product'): Promise<void> {
  const run = sql`for each statement execute function kf_log_catalog_change(${sql.lit(kind)})`;
  await sql`drop trigger price_history_log_insert on price_history`.execute(db);
  await sql`drop trigger price_history_log_update on price_history`.execute(db);
  await sql`create trigger price_history_log_insert after insert on price_history referencing new table as new_rows ${run}`.execute(db);
  await sql`create trigger price_history_log_update after update on price_history referencing old table as old_rows new table as new_rows ${run}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger product_log_update on product`.execute(db);
    await sql`drop function kf_log_product_update()`.execute(db);
    await sql`create trigger product_log_update after update on product referencing old table as old_rows new table as new_rows
      for each statement execute function kf_log_catalog_change('product')`.execute(db);
    await postgresHistoryTriggers(db, 'product');
    return;
  }
  await sql`drop trigger product_log_update`.execute(db);
  await sql`create trigger product_log_update after update on product begin
    insert into catalog_change (sku, kind) values (new.sku, 'product');
    insert into catalog_change (sku, kind) select old.sku, 'product' where old.sku <> new.sku;
  end`.execute(db);
  await sqliteHistoryTriggers(db, 'product');
}
