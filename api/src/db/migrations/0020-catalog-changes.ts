import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CATALOG_TABLES, createChangeNotifications } from './0012-shared-state';

/** Tables a product's served form is built from (catalog-data.ts), and the kind of change each makes. */
const PRODUCT_TABLES = [
  ['stock_item', 'stock'],
  ['product', 'product'],
  ['price_history', 'product'],
] as const;
/** The other tables the catalogue is loaded from: a change reloads it whole (rare). */
const OTHER_TABLES = ['category', 'attribute', 'tax_rule', 'cms_page', 'cms_block', 'advice_article'] as const;
/** PostgreSQL: a statement changing more rows than this logs one 'catalog' row (a full reload is then as cheap). */
const ROWS_PER_STATEMENT_MAX = 50_000;

const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * The catalogue's change log (issue #37, db/change-log.ts, docs/catalogue.md "How instances stay
 * current"): `catalog_change` (seq rising, sku, kind, created_at) written by triggers on both
 * dialects, so every instance applies a change in work proportional to the products it touches:
 * - stock_item → 'stock' (inserted or updated rows; a deleted stock row → 'product', the product
 *   is reloaded); product and price_history → 'product' (the SKU; a variant's price history names
 *   the variant, the instance reloads its parent); any other catalogue table → 'catalog' with the
 *   table's name (a full reload); a TRUNCATE → 'catalog'.
 * - PostgreSQL: statement triggers over the transition tables — one row per changed SKU and
 *   statement — with the writing transaction's id (`xid`, see change-log.ts) and a `kf_change`
 *   notification (empty, so one per transaction) as the instances' wake-up; they replace the
 *   `kf_stock` / `kf_catalog` notifications of 0012-shared-state. SQLite: row triggers (one row
 *   per changed row), no notification (one process polls).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upPostgres(db);
  await sql`create table catalog_change (
    seq integer primary key autoincrement,
    sku varchar(64) not null,
    kind varchar(16) not null,
    created_at varchar(32) not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`.execute(db);
  await sql`create index catalog_change_created on catalog_change (created_at)`.execute(db);
  for (const [table, kind] of PRODUCT_TABLES) {
    const name = (event: string) => sql.raw(`${table}_log_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin
      insert into catalog_change (sku, kind) values (new.sku, ${sql.lit(kind)});
    end`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)} begin
      insert into catalog_change (sku, kind) values (new.sku, ${sql.lit(kind)});
      insert into catalog_change (sku, kind) select old.sku, ${sql.lit(kind)} where old.sku <> new.sku;
    end`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin
      insert into catalog_change (sku, kind) values (old.sku, 'product');
    end`.execute(db);
  }
  for (const table of OTHER_TABLES) {
    for (const event of EVENTS) {
      await sql`create trigger ${sql.raw(`${table}_log_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
        insert into catalog_change (sku, kind) values (${sql.lit(table)}, 'catalog');
      end`.execute(db);
    }
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalog_change (
    seq bigint generated always as identity primary key,
    sku varchar(64) not null,
    kind varchar(16) not null,
    xid xid8 not null default pg_current_xact_id(),
    created_at varchar(32) not null default to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )`.execute(db);
  await sql`create index catalog_change_created on catalog_change (created_at)`.execute(db);
  await sql`create index catalog_change_xid on catalog_change (xid)`.execute(db);
  // tg_argv[0]: the kind of the table's changes. Transition tables exist per event (insert: new_rows,
  // delete: old_rows, update: both); PL/pgSQL plans a query when it first runs, so a branch that
  // names a table this trigger has not is never planned.
  await sql`create function kf_log_catalog_change() returns trigger language plpgsql as $$
    declare
      change_kind text := tg_argv[0];
      changed bigint;
    begin
      if tg_op = 'TRUNCATE' then
        insert into catalog_change (sku, kind) values (tg_table_name, 'catalog');
        perform pg_notify('kf_change', '');
        return null;
      end if;
      if tg_op = 'DELETE' then
        select count(*) into changed from old_rows;
      else
        select count(*) into changed from new_rows;
      end if;
      if changed = 0 then
        return null;
      end if;
      if change_kind = 'catalog' or changed > ${sql.lit(ROWS_PER_STATEMENT_MAX)} then
        insert into catalog_change (sku, kind) values (tg_table_name, 'catalog');
      elsif tg_op = 'INSERT' then
        insert into catalog_change (sku, kind) select distinct sku, change_kind from new_rows;
      elsif tg_op = 'DELETE' then
        insert into catalog_change (sku, kind) select distinct sku, 'product' from old_rows;
      else
        insert into catalog_change (sku, kind) select sku, change_kind from new_rows union select sku, change_kind from old_rows;
      end if;
      perform pg_notify('kf_change', '');
      return null;
    end $$`.execute(db);
  const kinds: (readonly [string, string])[] = [...PRODUCT_TABLES, ...OTHER_TABLES.map((table) => [table, 'catalog'] as const)];
  for (const [table, kind] of kinds) {
    const name = (event: string) => sql.raw(`${table}_log_${event}`);
    const run = sql`for each statement execute function kf_log_catalog_change(${sql.lit(kind)})`;
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} referencing new table as new_rows ${run}`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)} referencing old table as old_rows new table as new_rows ${run}`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} referencing old table as old_rows ${run}`.execute(db);
    await sql`create trigger ${name('truncate')} after truncate on ${sql.table(table)} ${run}`.execute(db);
  }
  // The change log's notification replaces 0012's per-row ones.
  for (const table of CATALOG_TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists stock_item_changed on stock_item`.execute(db);
  await sql`drop function if exists kf_notify_catalog()`.execute(db);
  await sql`drop function if exists kf_notify_stock()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tables = [...PRODUCT_TABLES.map(([table]) => table), ...OTHER_TABLES];
  for (const table of tables) {
    for (const event of postgres ? [...EVENTS, 'truncate'] : EVENTS) {
      await sql`drop trigger if exists ${sql.raw(`${table}_log_${event}`)} ${postgres ? sql`on ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  await sql`drop table catalog_change`.execute(db);
  if (!postgres) return;
  await sql`drop function if exists kf_log_catalog_change()`.execute(db);
  await createChangeNotifications(db); // 0012's notifications back, as it made them
}
