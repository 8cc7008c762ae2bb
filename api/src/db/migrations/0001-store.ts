import { sql, type Kysely } from 'kysely';

/** The store: id 2, Polish, PLN, PL (spec §1, §9). Later migrations add the catalogue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('code', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('locale', 'varchar(10)', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('default_country', 'varchar(2)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db
    .insertInto('store' as never)
    .values({ id: 2, code: 'pl', name: 'Kaloryfer', locale: 'pl-PL', currency: 'PLN', default_country: 'PL' } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store').execute();
}
