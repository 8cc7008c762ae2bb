import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The Omnibus price history to the minute (issue #49, docs/catalogue.md "The Omnibus prior
 * price"): a point's `valid_from` was a day (`2026-12-02`, one point per SKU and day, a later
 * import that day replacing it, so a price charged for an hour was forgotten); it is now the
 * moment the price started to apply (`2026-12-02T09:15:00.000Z`). Days already stored stay as
 * they are: a day is that day's midnight UTC, where the catalogue's days begin. SQLite does not
 * enforce a varchar's length; PostgreSQL's column is widened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`alter table price_history alter column valid_from type varchar(30)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Back to days: the last point of each day is the one a day-based history kept.
  await sql`delete from price_history p where length(p.valid_from) > 10 and exists (
      select 1 from price_history q where q.sku = p.sku and left(q.valid_from, 10) = left(p.valid_from, 10) and q.valid_from > p.valid_from)`.execute(db);
  await sql`delete from price_history p where length(p.valid_from) > 10 and exists (
      select 1 from price_history q where q.sku = p.sku and q.valid_from = left(p.valid_from, 10))`.execute(db);
  await sql`update price_history set valid_from = left(valid_from, 10) where length(valid_from) > 10`.execute(db);
  await sql`alter table price_history alter column valid_from type varchar(10)`.execute(db);
}
