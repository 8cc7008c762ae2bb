import { finalPrice } from '@kaloryfer/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { LARGE_CHANGE_SKUS } from '../catalog-sync';
import { HeapPacer } from '../heap-pacer';
import { parseImportFile, type ImportFile, type ImportProblem } from './import-file';
import type { ImportEncoding, ImportFormat, ParseOptions } from './import-profile';
import { refusedRowsCsv } from './refused-rows';
import { LISTED_PROBLEMS } from './import-report';
import { ImportPlanner, type ImportCounts } from './import-plan';
import { validateRows, type RowChange } from './import-rows';
import { loadImportState, skusByEan } from './import-state';
import { declareChangeKind, deletePricePoints, updateFromValues, upsertPricePoints } from './import-writes';

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
  format: ImportFormat;
  /** What the bytes were read as (null: an XLSX workbook, or rows handed over already parsed). */
  encoding: ImportEncoding | null;
  /** Rows read (empty CSV rows are not rows). */
  rows: number;
  /** Headers no field matched: ignored, listed so the operator sees what the shop did not read. */
  ignoredColumns: string[];
  /** With skipBadRows: rows refused (each problem's row) and their problems (the first LISTED_PROBLEMS). */
  rowsRefused: number;
  refused: ImportProblem[];
  /** Validated and rolled back: what the file would change. */
  dryRun: boolean;
  ms: number;
}

/**
 * `changed`: the SKUs the import changed, and whether it changed more than products (categories'
 * counts). `refusedCsv`: with skipBadRows, the refused rows as a CSV the operator can fix and
 * import again (the import's own columns and a `problem` column), null when none were refused.
 */
export type ImportOutcome =
  | { ok: true; report: ImportReport; changed: { skus: string[]; categories: boolean }; refusedCsv: string | null }
  | { ok: false; rows: number; problems: ImportProblem[]; ignoredColumns: string[] };

export interface ImportOptions extends ParseOptions {
  /** The moment of the import: a new special price starts at it and the price history dates its changes with it. */
  now: Date;
  dryRun?: boolean;
  /**
   * Apply the good rows and report the refused ones (Magento's "skip errors"); all or nothing
   * otherwise. A file-level problem (not readable, no SKU column) still refuses the whole file.
   */
  skipBadRows?: boolean;
  /** Products whose documents are held at once (PRODUCTS_PER_SLICE); tests make it small to cross slices. */
  productsPerSlice?: number;
  /** Read each slice's documents again, as a large file's are, however small the file (tests). */
  rereadDocuments?: boolean;
}

/**
 * Products whose documents are read, changed and written at a time (~8 KB of JSON each): the
 * import holds one slice's documents, not the file's (import-state.ts).
 */
const PRODUCTS_PER_SLICE = 1_000;

/** PostgreSQL's deadlock and serialisation failures: the import is tried again (nothing of it was kept). */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** What the transaction did, or would do (a dry run): counts, the rows it refused (skipBadRows), the SKUs it changed. */
interface Applied {
  counts: ImportCounts;
  refused: ImportProblem[];
  changed: { skus: string[]; categories: boolean };
}

class DryRun extends Error {
  constructor(readonly applied: Applied) {
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
  const parsed = await parseImportFile(input, options);
  if (!parsed.ok) return { ok: false, rows: 0, problems: parsed.problems, ignoredColumns: [] };
  const { file } = parsed;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return done(file, await applyInTransaction(db, file, options), false, started);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, rows: file.rows.length, problems: error.problems, ignoredColumns: file.ignored };
      if (error instanceof DryRun) return done(file, { ...error.applied, changed: { skus: [], categories: false } }, true, started);
      const code = String((error as { code?: unknown }).code ?? '');
      if (attempt >= ATTEMPTS || !RETRYABLE.has(code) || isDatabaseUnavailable(error)) throw error;
    }
  }
}

function done(file: ImportFile, applied: Applied, dryRun: boolean, started: number): ImportOutcome {
  const refusedRows = new Set(applied.refused.map((problem) => problem.row));
  const report: ImportReport = {
    format: file.format,
    encoding: file.encoding,
    rows: file.rows.length,
    ignoredColumns: file.ignored,
    ...applied.counts,
    rowsRefused: refusedRows.size,
    refused: applied.refused.slice(0, LISTED_PROBLEMS),
    dryRun,
    ms: Math.round(performance.now() - started),
  };
  return { ok: true, report, changed: applied.changed, refusedCsv: refusedRows.size > 0 ? refusedRowsCsv(file, applied.refused) : null };
}

async function applyInTransaction(db: Db, file: ImportFile, options: ImportOptions): Promise<Applied> {
  const today = options.now.toISOString().slice(0, 10);
  const withHistory = file.columns.some((column) => column === 'price' || column === 'price_net' || column.startsWith('special_'));
  return db.kysely.transaction().execute(async (trx) => {
    // SQLite: take the writer's lock before reading, so no other connection writes between this
    // read and the write (a deferred transaction would fail with SQLITE_BUSY at its first write).
    if (db.dialect === 'sqlite') await sql`update catalog_meta set value = value where 0 = 1`.execute(trx);
    const eanProblems = file.match === 'ean' ? await findSkusByEan(trx, db.dialect, file) : [];
    const skus = [...new Set(file.rows.map((row) => String(row.cells.sku ?? '').trim()).filter(Boolean))];
    const large = file.rows.length > LARGE_CHANGE_SKUS;
    const state = await loadImportState(trx, db.dialect, { skus, withHistory, today, keepDocs: !large && !options.rereadDocuments });
    const eanRows = new Set(eanProblems.map((problem) => problem.row));
    const validation = validateRows({ ...file, rows: file.rows.filter((row) => !eanRows.has(row.row)) }, state);
    const problems = [...eanProblems, ...validation.problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    if (problems.length > 0 && !options.skipBadRows) throw new Refused(problems);
    const planner = new ImportPlanner(state, {
      now: options.now,
      effectivePrice: (prices, at) => finalPrice(prices.price, prices, at),
    });
    // A slice of products at a time: their documents read, changed and written, then let go.
    const changesOf = new Map<number, RowChange[]>();
    for (const change of validation.changes) {
      const id = state.targets.get(change.sku)!.productId;
      const list = changesOf.get(id);
      if (list) list.push(change);
      else changesOf.set(id, [change]);
    }
    const ids = [...changesOf.keys()].sort((a, b) => a - b);
    const perSlice = options.productsPerSlice ?? PRODUCTS_PER_SLICE;
    // A large file is paced (heap-pacer.ts); a 10,000-row one has a time to keep, and its garbage is small.
    const pacer = large ? new HeapPacer() : null;
    try {
      for (let at = 0; at < ids.length; at += perSlice) {
        if (at > 0) await pacer?.between();
        const slice = ids.slice(at, at + perSlice);
        const writes = planner.slice(
          slice.flatMap((id) => changesOf.get(id)!),
          await state.readDocs(slice),
        );
        // Price-only products first, then the rest, each kind declared to the change log (PostgreSQL).
        for (const priceOnly of [true, false]) {
          const products = writes.products.filter((product) => writes.priceOnly.has(product.id) === priceOnly);
          if (products.length === 0) continue;
          await declareChangeKind(trx, db.dialect, priceOnly ? 'price' : 'product');
          await updateFromValues(
            trx,
            'product',
            { name: 'id', cast: 'integer' },
            [
              { name: 'doc', cast: 'text' },
              { name: 'updated_at', cast: 'text' },
            ],
            products,
            (product) => [product.id, JSON.stringify(product), product.updated_at],
          );
        }
      }
    } finally {
      pacer?.done();
    }
    const plan = planner.finish();
    await declareChangeKind(trx, db.dialect, null);
    await updateFromValues(
      trx,
      'stock_item',
      { name: 'sku', cast: 'text' },
      [
        { name: 'qty', cast: 'integer' },
        { name: 'is_in_stock', cast: 'integer' },
      ],
      plan.stock,
      (row) => [row.sku, row.qty, row.is_in_stock ? 1 : 0],
    );
    await deletePricePoints(trx, plan.dropPoints);
    await upsertPricePoints(trx, plan.pricePoints);
    await updateFromValues(trx, 'category', { name: 'id', cast: 'integer' }, [{ name: 'doc', cast: 'text' }], plan.categories, (category) => [
      category.id,
      JSON.stringify(category),
    ]);
    const applied: Applied = { counts: plan.counts, refused: problems, changed: { skus: plan.changedSkus, categories: plan.categories.length > 0 } };
    if (options.dryRun) throw new DryRun(applied);
    return applied;
  });
}

/**
 * A supplier who does not know the shop's SKUs sends EANs (a profile with `match: 'ean'`): each
 * row gets the SKU that carries its EAN. A row whose EAN no SKU or two SKUs carry is a problem.
 */
async function findSkusByEan(trx: Parameters<typeof skusByEan>[0], dialect: Db['dialect'], file: ImportFile): Promise<ImportProblem[]> {
  const eanOf = (row: ImportFile['rows'][number]) => String(row.cells.ean ?? '').trim();
  // A spreadsheet that held an EAN as a number dropped its leading zeros: an EAN-13 is looked up with them put back too.
  const padded = (ean: string) => (/^\d{8,12}$/.test(ean) ? ean.padStart(13, '0') : ean);
  const found = await skusByEan(
    trx,
    dialect,
    file.rows
      .map(eanOf)
      .filter(Boolean)
      .flatMap((ean) => [ean, padded(ean)]),
  );
  const problems: ImportProblem[] = [];
  for (const row of file.rows) {
    const ean = eanOf(row);
    const skus = [...new Set([...(found.get(ean) ?? []), ...(found.get(padded(ean)) ?? [])])];
    if (!ean) problems.push({ row: row.row, column: 'ean', reason: 'no EAN: the profile finds SKUs by EAN' });
    else if (skus.length === 0) problems.push({ row: row.row, column: 'ean', reason: `no product has the EAN ${ean}` });
    else if (skus.length > 1) problems.push({ row: row.row, column: 'ean', reason: `the EAN ${ean} is on ${skus.join(', ')}: give the SKU` });
    else if (row.cells.sku === undefined || String(row.cells.sku).trim() === '') row.cells.sku = skus[0];
  }
  return problems;
}
