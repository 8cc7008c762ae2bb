import { sql } from 'kysely';
import type { Db } from './database';

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
}

const toChange = (row: { seq: number | string; sku: string | null; kind: string }): CatalogChange => ({
  seq: Number(row.seq),
  sku: row.sku ?? '',
  kind: row.kind as ChangeKind,
});

/**
 * The changes after a watermark, in seq order (in batches of BATCH), up to the log's position
 * now, and the watermark that position is. Rows of transactions pending at `after` come first.
 */
export async function readChanges(db: Db, after: Watermark, maxRows: number): Promise<ChangesRead> {
  const upTo = await currentWatermark(db);
  const changes: CatalogChange[] = [];
  if (db.dialect === 'postgres' && after.pending.length > 0) {
    const { rows } = await sql<{ seq: string; sku: string | null; kind: string }>`
      select seq::text as seq, sku, kind from catalog_change
      where xid = any(${after.pending}::xid8[]) and seq <= ${after.seq} order by seq`.execute(db.kysely);
    changes.push(...rows.map(toChange));
  }
  let cursor = after.seq;
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
 * Were rows after this seq pruned (so the log no longer holds every change after it)? The
 * oldest row kept is then more than one past it. (A seq a rolled-back transaction took on
 * PostgreSQL, right after the watermark of an instance whose log holds nothing older, looks the
 * same: a needless full reload, never a missed change.)
 */
export async function prunedPast(db: Db, seq: number): Promise<boolean> {
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
