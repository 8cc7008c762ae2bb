import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The newsletter (issue #18, docs/content.md "Newsletter and consent").
 * - `newsletter_subscriber`: one row per e-mail address (lower-cased, unique) with its state
 *   (pending → subscribed → unsubscribed, spec §4); `revision` moves with every change, so a
 *   change is a conditional update and twin requests cannot both win.
 * - `newsletter_consent`: the evidence (GDPR art. 7(1)): which wording (`consent_version` and the
 *   SHA-256 of its text), where it was given (`source`), when it was asked for, confirmed (the
 *   double opt-in click) and withdrawn. Each row carries its confirmation link's token as a
 *   SHA-256 only, with its expiry and the moment it was used (single use). No IP address: the
 *   confirmation click from the mailbox is the proof; see docs/content.md.
 * - `newsletter_coupon`: the unique 10 % code mailed on the first confirmation; one per address
 *   ever (unique subscriber_id), redeemed once by an order (`used_at`, `order_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>, name: string) =>
    table.addColumn(name, postgres ? 'serial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await id(db.schema.createTable('newsletter_subscriber'), 'id')
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('subscribed_at', 'varchar(32)')
    .addColumn('unsubscribed_at', 'varchar(32)')
    .execute();

  await id(db.schema.createTable('newsletter_consent'), 'id')
    .addColumn('subscriber_id', 'integer', (col) => col.notNull().references('newsletter_subscriber.id').onDelete('cascade'))
    .addColumn('consent_version', 'varchar(32)', (col) => col.notNull())
    .addColumn('text_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('requested_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('withdrawn_at', 'varchar(32)')
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('token_expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('token_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('newsletter_consent_subscriber').on('newsletter_consent').column('subscriber_id').execute();

  await db.schema
    .createTable('newsletter_coupon')
    .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('subscriber_id', 'integer', (col) => col.notNull().unique().references('newsletter_subscriber.id').onDelete('cascade'))
    .addColumn('percent', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('order_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_coupon').execute();
  await db.schema.dropTable('newsletter_consent').execute();
  await db.schema.dropTable('newsletter_subscriber').execute();
}
