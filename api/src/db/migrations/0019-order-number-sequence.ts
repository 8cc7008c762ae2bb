import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Order numbers without a lock on PostgreSQL (issue #37, docs/orders.md "Order numbers").
 * Until now every order incremented its store's `order_sequence` row inside its transaction and
 * held that row's lock to the commit, so concurrent orders queued on it. From here on PostgreSQL
 * numbers orders from the sequence `order_number` (`nextval`: no row lock, never rolled back).
 * - One sequence for the database, not one per store: `sales_order.increment_id` is unique across
 *   stores, so a number must be unique in the whole database anyway.
 * - It starts after the highest number already used — the highest counter in `order_sequence`
 *   and the highest all-digit `increment_id` in `sales_order` — so numbers stay unique across the
 *   upgrade.
 * - An instance of the previous release still running while this one starts (a rolling
 *   upgrade) still increments `order_sequence`: a trigger makes that increment take its value
 *   from the sequence too, so old and new instances never hand out the same number.
 * SQLite keeps the counter table (one writer: its transactions run one after another, the row
 * lock costs nothing there).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create sequence order_number as bigint minvalue 1`.execute(db);
  // Held to the commit (migrations run in a transaction on PostgreSQL): an order of the previous
  // release moving a counter now is waited for and counted, and none moves it between the read and the trigger.
  await sql`lock table order_sequence, sales_order in share row exclusive mode`.execute(db);
  await sql`select setval('order_number', coalesce(greatest(
      (select max(last_value) from order_sequence),
      (select max(case when increment_id ~ '^[0-9]{1,18}$' then increment_id::bigint end) from sales_order)
    ), 0) + 1, false)`.execute(db);
  await sql`create function kf_order_sequence_from_number() returns trigger language plpgsql as $$
    begin
      if new.last_value > old.last_value then
        new.last_value := nextval('order_number');
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger order_sequence_from_number before update on order_sequence
    for each row execute function kf_order_sequence_from_number()`.execute(db);
}

/** Back to the counter table: every store's counter goes on after the highest number the sequence gave out. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists order_sequence_from_number on order_sequence`.execute(db);
  await sql`drop function if exists kf_order_sequence_from_number()`.execute(db);
  await sql`lock table order_sequence, sales_order in share row exclusive mode`.execute(db);
  await sql`insert into order_sequence (store_code, last_value)
    select distinct store_code, 0 from sales_order
    on conflict (store_code) do nothing`.execute(db);
  await sql`update order_sequence set last_value = greatest(last_value,
    (select case when is_called then last_value else last_value - 1 end from order_number))`.execute(db);
  await sql`drop sequence order_number`.execute(db);
}
