import type { Kysely } from 'kysely';

/**
 * A/B experiments (docs/experiments.md). `experiment_exposure`: one row per shopper (anonymous
 * assignment id) and experiment (the A/B-tested remote), written when the remote first renders
 * for them, carrying their orders and revenue so the report needs no link from an order to the
 * id. `order_experiment`: the variant and build that took each order, from the signed pins of
 * the shopper's page (never from the request's body).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('experiment_exposure')
    .addColumn('experiment', 'varchar(20)', (col) => col.notNull())
    .addColumn('assignment_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('variant', 'varchar(40)', (col) => col.notNull())
    .addColumn('build', 'varchar(128)', (col) => col.notNull())
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .addColumn('forced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('crossed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('exposed_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('orders', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('revenue_grosze', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('experiment_exposure_pk', ['experiment', 'assignment_id'])
    .execute();
  await db.schema.createIndex('experiment_exposure_when').on('experiment_exposure').columns(['experiment', 'exposed_at']).execute();
  await db.schema
    .createTable('order_experiment')
    .addColumn('order_id', 'integer', (col) => col.notNull())
    .addColumn('experiment', 'varchar(20)', (col) => col.notNull())
    .addColumn('variant', 'varchar(40)', (col) => col.notNull())
    .addColumn('build', 'varchar(128)', (col) => col.notNull())
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .addColumn('forced', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_experiment_pk', ['order_id', 'experiment'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_experiment').execute();
  await db.schema.dropTable('experiment_exposure').execute();
}
