import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The generated SEO files (issue #50, docs/seo.md "How the files are kept fresh"):
 * - `seo_file`: every file the shop serves from the database — the sitemap index
 *   (`sitemap.xml`), the sitemaps (`sitemaps/products-pl-1.xml`, …) and the product feeds
 *   (`feeds/google-merchant.xml`, `feeds/ceneo.xml`) — as gzip bytes and Brotli bytes (both made
 *   while the file was written), the SHA-256 of its text (the ETag), its size, how many URLs or
 *   items it holds, what it covers (`meta`, JSON: a product sitemap's first product id), when its
 *   text last changed (`changed_at`: Last-Modified and the index's lastmod), when it was last
 *   written or confirmed unchanged (`checked_at`) and the change-log seq it reflects (`watermark`).
 * - `seo_state`: one row (`files`): the instance writing the files and its lease (renewed while it
 *   lives; another instance takes over once it runs out), the change-log watermark the stored set
 *   reflects as a whole (JSON, db/change-log.ts), the day the feeds were priced for, and the last
 *   run's report. `watermark` NULL: never written yet (the files answer 503 until they are).
 * Times are ISO-8601 UTC strings, as everywhere in this schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? 'bytea' : 'blob';
  await db.schema
    .createTable('seo_file')
    .addColumn('name', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('content_type', 'varchar(64)', (col) => col.notNull())
    .addColumn('gzip', bytes, (col) => col.notNull())
    .addColumn('br', bytes, (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('entries', 'integer', (col) => col.notNull())
    .addColumn('meta', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('checked_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('watermark', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('seo_state')
    .addColumn('key', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('instance', 'varchar(255)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('watermark', 'text')
    .addColumn('priced_day', 'varchar(10)')
    .addColumn('generated_at', 'varchar(32)')
    .addColumn('report', 'text')
    .execute();
  await db
    .insertInto('seo_state' as never)
    .values({ key: 'files' } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seo_state').execute();
  await db.schema.dropTable('seo_file').execute();
}
