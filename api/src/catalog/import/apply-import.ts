import { finalPrice } from '@kaloryfer/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { parseImportFile, type ImportFile, type ImportProblem } from './import-file';
import { planImport, type ImportCounts } from './import-plan';
import { validateRows } from './import-rows';
import { loadImportState } from './import-state';
import { updateFromValues, upsertPricePoints } from './import-writes';

/**
 * A catalogue import from a supplier's price and stock file (docs/catalogue.md, "Importing prices
 * and stock"), the one module `npm run catalog:import` and `POST /api/catalog/import` call: the
 * file is read, every row checked against the catalogue, and — only when no row has a problem —
 * every change written in one transaction, with the price history the Omnibus rule reads. A bad
 * file changes nothing. On PostgreSQL the commit is one change the instances apply together
 * (the catalogue tables' triggers, db/migrations/0012-shared-state.ts); the caller refreshes
 * its own instance.
 */
export interface ImportReport extends ImportCounts {
  format: 'csv' | 'json';
  /** Rows read (empty CSV rows are not rows). */
  rows: number;
  /** Validated and rolled back: what the file would change. */
  dryRun: boolean;
  ms: number;
}

/** `changed`: the SKUs the import changed, and whether it changed more than products (categories' counts). */
export type ImportOutcome =
  { ok: true; report: ImportReport; changed: { skus: string[]; categories: boolean } } | { ok: false; rows: number; problems: ImportProblem[] };

export interface ImportOptions {
  /** The moment of the import: its day starts new special prices and dates the price history. */
  now: Date;
  /** 'csv' or 'json' when the caller knows (an extension, a content type). */
  format?: 'csv' | 'json';
  dryRun?: boolean;
}

/** PostgreSQL's deadlock and serialisation failures: the import is tried again (nothing of it was kept). */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

class DryRun extends Error {
  constructor(readonly counts: ImportCounts) {
    super('dry run: rolled back');
  }
}

class Refused extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('the file has problems');
  }
}

export async function importCatalog(db: Db, input: Buffer | string | unknown, options: ImportOptions): Promise<ImportOutcome> {
  const started = performance.now();
  const parsed = await parseImportFile(input, { format: options.format });
  if (!parsed.ok) return { ok: false, rows: 0, problems: parsed.problems };
  const { file } = parsed;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { counts, changed } = await applyInTransaction(db, file, options);
      return { ok: true, report: report(file, counts, false, started), changed };
    } catch (error) {
      if (error instanceof Refused) return { ok: false, rows: file.rows.length, problems: error.problems };
      if (error instanceof DryRun) return { ok: true, report: report(file, error.counts, true, started), changed: { skus: [], categories: false } };
      const code = String((error as { code?: unknown }).code ?? '');
      if (attempt >= ATTEMPTS || !RETRYABLE.has(code) || isDatabaseUnavailable(error)) throw error;
    }
  }
}

function report(file: ImportFile, counts: ImportCounts, dryRun: boolean, started: number): ImportReport {
  return { format: file.format, rows: file.rows.length, ...counts, dryRun, ms: Math.round(performance.now() - started) };
}

async function applyInTransaction(
  db: Db,
  file: ImportFile,
  options: ImportOptions,
): Promise<{ counts: ImportCounts; changed: { skus: string[]; categories: boolean } }> {
  const today = options.now.toISOString().slice(0, 10);
  const skus = [...new Set(file.rows.map((row) => String(row.cells.sku ?? '').trim()).filter(Boolean))];
  const withHistory = file.columns.some((column) => column === 'price' || column.startsWith('special_'));
  return db.kysely.transaction().execute(async (trx) => {
    // SQLite: take the writer's lock before reading, so no other connection writes between this
    // read and the write (a deferred transaction would fail with SQLITE_BUSY at its first write).
    if (db.dialect === 'sqlite') await sql`update catalog_meta set value = value where 0 = 1`.execute(trx);
    const state = await loadImportState(trx, db.dialect, { skus, withHistory, today });
    const validation = validateRows(file, state);
    if (!validation.ok) throw new Refused(validation.problems);
    const plan = planImport(validation.changes, state, {
      now: options.now,
      effectivePrice: (prices) => finalPrice(prices.price, prices, options.now),
    });
    await updateFromValues(
      trx,
      'product',
      { name: 'id', cast: 'integer' },
      [
        { name: 'doc', cast: 'text' },
        { name: 'updated_at', cast: 'text' },
      ],
      plan.products.map((product) => [product.id, JSON.stringify(product), product.updated_at]),
    );
    await updateFromValues(
      trx,
      'stock_item',
      { name: 'sku', cast: 'text' },
      [
        { name: 'qty', cast: 'integer' },
        { name: 'is_in_stock', cast: 'integer' },
      ],
      plan.stock.map((row) => [row.sku, row.qty, row.is_in_stock ? 1 : 0]),
    );
    await upsertPricePoints(trx, plan.pricePoints);
    await updateFromValues(
      trx,
      'category',
      { name: 'id', cast: 'integer' },
      [{ name: 'doc', cast: 'text' }],
      plan.categories.map((category) => [category.id, JSON.stringify(category)]),
    );
    if (options.dryRun) throw new DryRun(plan.counts);
    return { counts: plan.counts, changed: { skus: plan.changedSkus, categories: plan.categories.length > 0 } };
  });
}
