import type { Kysely } from 'kysely';

/**
 * What each build of each remote did, per minute (docs/releasing.md, "Signals"): the page
 * server's renders, failures, budget misses and fallbacks with a histogram of render times, and
 * the browsers' page views, mount failures, fallbacks, uncaught errors and web vitals (LCP, INP,
 * CLS histograms). One row per (minute, remote, build, instance): each instance writes its own
 * running totals of the minute (no read-modify-write across instances); readers sum them. No
 * shopper, cookie or address is in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('mfe_signal')
    .addColumn('minute', 'varchar(16)', (col) => col.notNull())
    .addColumn('remote', 'varchar(16)', (col) => col.notNull())
    .addColumn('build', 'varchar(64)', (col) => col.notNull())
    .addColumn('instance', 'varchar(64)', (col) => col.notNull())
    .addColumn('version', 'varchar(64)', (col) => col.notNull());
  for (const counter of ['renders', 'render_failures', 'budget_misses', 'fallbacks', 'page_views', 'mount_failures', 'browser_fallbacks', 'errors'])
    table = table.addColumn(counter, 'integer', (col) => col.notNull().defaultTo(0));
  for (const histogram of ['render_ms', 'lcp_ms', 'inp_ms', 'cls']) table = table.addColumn(histogram, 'text', (col) => col.notNull().defaultTo('[]'));
  await table.addPrimaryKeyConstraint('mfe_signal_pk', ['minute', 'remote', 'build', 'instance']).execute();
  await db.schema.createIndex('mfe_signal_remote').on('mfe_signal').columns(['remote', 'minute']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfe_signal').execute();
}
