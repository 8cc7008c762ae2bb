import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A review's rating becomes optional: Vue Storefront 1.12's default theme posts reviews with a
 * title, text and nickname but no stars (issue #22). Such a review is kept with rating NULL,
 * listed without stars and left out of the average and the per-star counts (docs/content.md).
 * SQLite cannot drop NOT NULL in place, so there the table is rebuilt with the same rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('review')
      .alterColumn('rating', (col) => col.dropNotNull())
      .execute();
    return;
  }
  await rebuild(db, 'integer');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from review where rating is null`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema
      .alterTable('review')
      .alterColumn('rating', (col) => col.setNotNull())
      .execute();
    return;
  }
  await rebuild(db, 'integer not null');
}

async function rebuild(db: Kysely<unknown>, rating: 'integer' | 'integer not null'): Promise<void> {
  await sql`create table review_next (
    id integer primary key autoincrement,
    product_id integer not null,
    nickname varchar(60) not null,
    title varchar(120) not null,
    detail text not null,
    rating ${sql.raw(rating)},
    status varchar(16) not null,
    created_at varchar(32) not null
  )`.execute(db);
  await sql`insert into review_next (id, product_id, nickname, title, detail, rating, status, created_at)
    select id, product_id, nickname, title, detail, rating, status, created_at from review`.execute(db);
  await sql`drop table review`.execute(db);
  await sql`alter table review_next rename to review`.execute(db);
  await db.schema.createIndex('review_product_status').on('review').columns(['product_id', 'status', 'created_at']).execute();
}
