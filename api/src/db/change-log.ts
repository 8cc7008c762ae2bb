import { sql } from 'kysely';
import type { Db } from './database';
import type { StockItemTable } from './schema';

/**
 * The catalogue's change log (`catalog_change`, migration 0020-catalog-changes): triggers write a
 * row per changed SKU (and statement on PostgreSQL) with a rising `seq`; every instance applies
 * the rows after its watermark (catalog/catalog-sync.ts).
 *
 * On PostgreSQL `seq` is taken when a row is written, not when its transaction commits: a long
 * transaction may commit a lower seq after a higher one was read. So a watermark also names the
 * transactions that were in progress when it was read (`pending`, from the snapshot of the same
 * statement): their rows are read again by transaction id, whatever their seq, until they have
 * ended. A transaction that starts writing after the watermark was read takes a higher seq. SQLite
 * has one writer at a time: rows commit in seq order, `pending` stays empty.
 */
export interface Watermark {
  /** The highest seq read. */
  seq: number;
  /** PostgreSQL: ids (xid8, as text) of the transactions in progress when it was read. */
  pending: string[];
}

export type ChangeKind = 'stock' | 'price' | 'product' | 'catalog';

export interface CatalogChange {
  seq: number;
  /** The SKU — for kind 'catalog' the table that changed. */
  sku: string;
  kind: ChangeKind;
}

/** How far the log reaches now: its highest seq, and (PostgreSQL) the transactions still writing. */
export async function currentWatermark(db: Db): Promise<Watermark> {
  if (db.dialect === 'postgres') {
    // One statement, one snapshot: what max(seq) saw and what was in progress are the same moment.
    const { rows } = await sql<{ seq: string; pending: string[] }>`
      select coalesce((select max(seq) from catalog_change), 0)::text as seq,
             array(select pg_snapshot_xip(pg_current_snapshot())::text) as pending`.execute(db.kysely);
    return { seq: Number(rows[0].seq), pending: rows[0].pending };
  }
  const row = await db.kysely
    .selectFrom('catalog_change')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return { seq: Number(row?.seq ?? 0), pending: [] };
}

/** Rows read per query. */
const BATCH = 5_000;

export interface ChangesRead {
  changes: CatalogChange[];
  /** The watermark to keep once these changes are applied. */
  upTo: Watermark;
  /** More than `maxRows` rows: not all were read (the caller reloads everything instead). */
  truncated: boolean;
  /** Rows after the watermark were pruned before they were read: the log no longer says what changed (the caller reloads everything). */
  pruned: boolean;
  /**
   * PostgreSQL, when all the changes came in the first read: the stock rows of the SKUs with a
   * stock change, as they were at `upTo` (read in the same statement). Otherwise undefined and the
   * caller reads them itself.
   */
  stockRows?: StockItemTable[];
}

const toChange = (row: { seq: number | string; sku: string | null; kind: string }): CatalogChange => ({
  seq: Number(row.seq),
  sku: row.sku ?? '',
  kind: row.kind as ChangeKind,
});

/**
 * The changes after a watermark, in seq order (in batches of BATCH), up to the log's position
 * now, and the watermark that position is. Rows of transactions pending at `after` come first.
 * On PostgreSQL the first batch comes in the statement that reads the position (one round trip
 * per catch-up: every instance runs one after each order another instance takes).
 */
export async function readChanges(db: Db, after: Watermark, maxRows: number): Promise<ChangesRead> {
  if (db.dialect === 'postgres') {
    const first = await firstBatchOnPostgres(db, after);
    if (first.pruned || first.changes.length < BATCH) return first;
    const rest = await readAfter(db, first.changes, first.changes[first.changes.length - 1].seq, first.upTo, maxRows);
    return { ...rest, pruned: false };
  }
  if (await prunedPast(db, after.seq)) return { changes: [], upTo: after, truncated: false, pruned: true };
  const upTo = await currentWatermark(db);
  return { ...(await readAfter(db, [], after.seq, upTo, maxRows)), pruned: false };
}

/** Batches of rows after `cursor`, up to `upTo`, added to `changes`. */
async function readAfter(db: Db, changes: CatalogChange[], cursor: number, upTo: Watermark, maxRows: number): Promise<Omit<ChangesRead, 'pruned'>> {
  while (changes.length <= maxRows) {
    const rows = await db.kysely
      .selectFrom('catalog_change')
      .select(['seq', 'sku', 'kind'])
      .where('seq', '>', cursor)
      .where('seq', '<=', upTo.seq)
      .orderBy('seq')
      .limit(BATCH)
      .execute();
    changes.push(...rows.map(toChange));
    if (rows.length < BATCH) return { changes, upTo, truncated: false };
    cursor = Number(rows[rows.length - 1].seq);
  }
  return { changes, upTo, truncated: true };
}

/**
 * One statement, one snapshot: where the log begins (was anything after the watermark pruned?),
 * where it reaches and what was in progress (the new watermark), the first BATCH changes — the
 * rows of transactions pending at `after`, then those after its seq — and the stock rows of the
 * SKUs whose stock changed. Before, a catch-up took four to five round trips.
 */
async function firstBatchOnPostgres(db: Db, after: Watermark): Promise<ChangesRead> {
  const { rows } = await sql<{ up_to: string; oldest: string | null; pending: string[]; changes: [number, string | null, string][]; stock: StockItemTable[] }>`
    with mark as materialized (
      select coalesce((select max(seq) from catalog_change), 0) as seq,
             (select min(seq) from catalog_change) as oldest,
             array(select pg_snapshot_xip(pg_current_snapshot())::text) as pending
    ), batch as (
      select c.seq, c.sku, c.kind from catalog_change c, mark
      where (c.seq > ${after.seq} and c.seq <= mark.seq) or (c.xid = any(${after.pending}::xid8[]) and c.seq <= ${after.seq})
      order by c.seq
      limit ${BATCH}
    )
    select mark.seq::text as up_to, mark.oldest::text as oldest, mark.pending,
      (select coalesce(json_agg(json_build_array(b.seq, b.sku, b.kind) order by b.seq), '[]') from batch b) as changes,
      (select coalesce(json_agg(s), '[]') from stock_item s where s.sku in (select b.sku from batch b where b.kind = 'stock')) as stock
    from mark`.execute(db.kysely);
  const row = rows[0];
  const upTo = { seq: Number(row.up_to), pending: row.pending };
  if (row.oldest !== null && Number(row.oldest) > after.seq + 1) return { changes: [], upTo: after, truncated: false, pruned: true };
  const changes = row.changes.map(([seq, sku, kind]) => toChange({ seq, sku, kind }));
  return { changes, upTo, truncated: false, pruned: false, stockRows: changes.length < BATCH ? row.stock : undefined };
}

/**
 * Were rows after this seq pruned (so the log no longer holds every change after it)? The
 * oldest row kept is then more than one past it. (A seq a rolled-back transaction took on
 * PostgreSQL, right after the watermark of an instance whose log holds nothing older, looks the
 * same: a needless full reload, never a missed change.)
 */
async function prunedPast(db: Db, seq: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('catalog_change')
    .select((eb) => eb.fn.min('seq').as('oldest'))
    .executeTakeFirst();
  return row?.oldest !== null && row?.oldest !== undefined && Number(row.oldest) > seq + 1;
}

/**
 * Deletes rows written more than `keepMs` ago — all but the newest of them, which stays as the
 * mark of where the log begins (`prunedPast`). Any instance may run it; answers the rows deleted.
 */
export async function pruneChanges(db: Db, keepMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepMs).toISOString();
  const result = await db.kysely
    .deleteFrom('catalog_change')
    .where('created_at', '<', cutoff)
    .where('seq', '<', (eb) =>
      eb
        .selectFrom('catalog_change')
        .select((inner) => inner.fn.max('seq').as('newest'))
        .where('created_at', '<', cutoff),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
