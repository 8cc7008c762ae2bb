import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { CHUNK } from './import-state';

/**
 * An import's writes, a few statements per 500 rows instead of one per row: on PostgreSQL each
 * statement is a round trip made while the import holds its row locks (orders wait on them), on
 * SQLite while it holds the one writer's lock. `update … from (values …)` works on both (SQLite
 * since 3.33); the values' columns are `column1`, `column2`… on both.
 */

type Cast = 'integer' | 'real' | 'text';
interface Column {
  name: string;
  cast: Cast;
}

const cast = (value: unknown, type: Cast): RawBuilder<unknown> => sql`cast(${value} as ${sql.raw(type)})`;

/**
 * `update table set a = v.column2, … from (values (key, a, …), …) v where table.key = v.column1`, in
 * chunks; each item's values are made as its chunk is sent (a product's document is serialised
 * then: 3,470 documents of ~8 KB at once were ~60 MB more at the importing instance's peak).
 */
export async function updateFromValues<T>(
  trx: Transaction<Database>,
  table: keyof Database,
  key: Column,
  columns: Column[],
  items: readonly T[],
  valuesOf: (item: T) => unknown[],
): Promise<void> {
  const assignments = sql.join(columns.map((column, index) => sql`${sql.ref(column.name)} = v.${sql.raw(`column${index + 2}`)}`));
  for (let at = 0; at < items.length; at += CHUNK) {
    const values = items.slice(at, at + CHUNK).map((item) => {
      const row = valuesOf(item);
      return sql`(${sql.join([key, ...columns].map((column, index) => cast(row[index], column.cast)))})`;
    });
    await sql`update ${sql.table(table)} set ${assignments} from (values ${sql.join(values)}) as v where ${sql.ref(`${table}.${key.name}`)} = v.column1`.execute(
      trx,
    );
  }
}

/** The price a SKU has from a moment on (a day, or an ISO moment): a point at the same moment is replaced. */
export async function upsertPricePoints(trx: Transaction<Database>, points: { sku: string; valid_from: string; price_incl_tax: number }[]): Promise<void> {
  for (let at = 0; at < points.length; at += CHUNK) {
    await trx
      .insertInto('price_history')
      .values(points.slice(at, at + CHUNK))
      .onConflict((conflict) => conflict.columns(['sku', 'valid_from']).doUpdateSet((eb) => ({ price_incl_tax: eb.ref('excluded.price_incl_tax') })))
      .execute();
  }
}

/** Points of the price history that go: a replaced schedule, and those no Omnibus window reaches any more. */
export async function deletePricePoints(trx: Transaction<Database>, points: { sku: string; valid_from: string }[]): Promise<void> {
  for (let at = 0; at < points.length; at += CHUNK) {
    const part = points.slice(at, at + CHUNK);
    await trx
      .deleteFrom('price_history')
      .where((eb) => eb.or(part.map((point) => eb.and([eb('sku', '=', point.sku), eb('valid_from', '=', point.valid_from)]))))
      .execute();
  }
}

/**
 * Tells PostgreSQL's change log what the next product updates of this transaction change
 * (0027-declared-change-kind): 'price' — their documents' own price keys alone — or 'product';
 * null: nothing declared, the trigger compares the documents. SQLite's trigger compares in place.
 */
export async function declareChangeKind(trx: Transaction<Database>, dialect: Dialect, kind: 'price' | 'product' | null): Promise<void> {
  if (dialect === 'postgres') await sql`select set_config('kf.change_kind', ${kind ?? ''}, true)`.execute(trx);
}
