import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A generated SEO file's bytes in parts (issue #50, docs/seo.md "How the files are kept fresh").
 * 0026 kept each file's gzip and Brotli bytes in its `seo_file` row: at 100,000 products a feed's
 * compressed bytes (tens of MB) were held whole while written, copied into one INSERT message,
 * and read whole as a hex string per request — the writer's RSS rose ~400 MB per run. Now:
 * - `seo_file_blob`: one written version of a file's bytes (`id`), when it was begun, and when it
 *   stopped being the served one (`retired_at`: replaced, dropped or never used; its parts are
 *   removed a grace period later, so a response streaming it meanwhile is sent whole);
 * - `seo_file_part`: its bytes in order (`seq`), per encoding (`gzip`, `br`), ~1 MiB a part —
 *   stored as the compressors make them and streamed to a client a few parts at a time;
 * - `seo_file.blob`, `gzip_size`, `br_size`: the version served and its compressed sizes.
 * The stored files' bytes move into one part per encoding, so nothing is written again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? 'bytea' : 'blob';
  const length = postgres ? sql.raw('octet_length') : sql.raw('length');
  await db.schema
    .createTable('seo_file_blob')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('retired_at', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('seo_file_part')
    .addColumn('blob', 'varchar(64)', (col) => col.notNull())
    .addColumn('encoding', 'varchar(8)', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytes, (col) => col.notNull())
    .addPrimaryKeyConstraint('seo_file_part_pk', ['blob', 'encoding', 'seq'])
    .execute();
  await db.schema.alterTable('seo_file').addColumn('blob', 'varchar(64)').execute();
  await db.schema.alterTable('seo_file').addColumn('gzip_size', 'bigint').execute();
  await db.schema.alterTable('seo_file').addColumn('br_size', 'bigint').execute();
  await sql`update seo_file set blob = substr(sha256, 1, 32) || '-' || replace(name, '/', '-'), gzip_size = ${length}(gzip), br_size = ${length}(br)`.execute(
    db,
  );
  await sql`insert into seo_file_blob (id, created_at) select blob, checked_at from seo_file`.execute(db);
  await sql`insert into seo_file_part (blob, encoding, seq, bytes) select blob, 'gzip', 0, gzip from seo_file`.execute(db);
  await sql`insert into seo_file_part (blob, encoding, seq, bytes) select blob, 'br', 0, br from seo_file`.execute(db);
  await db.schema.alterTable('seo_file').dropColumn('gzip').execute();
  await db.schema.alterTable('seo_file').dropColumn('br').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The bytes are derived: the files are written anew (the routes answer 503 until then).
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? 'bytea' : 'blob';
  await db.deleteFrom('seo_file' as never).execute();
  await sql`update seo_state set watermark = null, generated_at = null`.execute(db);
  await db.schema.alterTable('seo_file').dropColumn('blob').execute();
  await db.schema.alterTable('seo_file').dropColumn('gzip_size').execute();
  await db.schema.alterTable('seo_file').dropColumn('br_size').execute();
  await db.schema.alterTable('seo_file').addColumn('gzip', bytes).execute();
  await db.schema.alterTable('seo_file').addColumn('br', bytes).execute();
  await db.schema.dropTable('seo_file_part').execute();
  await db.schema.dropTable('seo_file_blob').execute();
}
