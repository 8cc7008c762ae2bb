import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedCatalog } from '../src/seed/catalog-seed';
import { TEST_SEED } from './helpers';
import { freshTestDatabase, type TestDatabase } from './test-database';

/**
 * `npm run catalog:import -- <file>` on a database seeded as the other tests seed theirs (SQLite,
 * or PostgreSQL in that run): a good file is applied and reported, exit 0; a file with a bad row
 * is reported row by row, exit 1, and the database is as it was.
 */
const run = promisify(execFile);
let varDir: string;
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-import-'));
  database = await freshTestDatabase(varDir, 'import');
  db = openDatabase(database.url);
  await migrateToLatest(db);
  await seedCatalog(db, TEST_SEED);
});
afterAll(async () => {
  await db.close();
  await database.drop();
  fs.rmSync(varDir, { recursive: true, force: true });
});

async function importFile(name: string, content: string, ...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = path.join(varDir, name);
  fs.writeFileSync(file, content);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), file, ...flags], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: database.url, VAR_DIR: varDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Two simple SKUs at their regular price, in stock and counted (managed, not volatile). */
async function twoSkus(): Promise<{ sku: string; price: number }[]> {
  const rows = await db.kysely
    .selectFrom('product')
    .innerJoin('stock_item', 'stock_item.sku', 'product.sku')
    .select('product.doc')
    .where('product.type_id', '=', 'simple')
    .where('stock_item.manage_stock', '=', 1)
    .where('stock_item.is_volatile', '=', 0)
    .where('stock_item.qty', '>', 0)
    .where('stock_item.qty', '<>', 17)
    .orderBy('product.id')
    .limit(200)
    .execute();
  return rows
    .map((row) => JSON.parse(row.doc) as { sku: string; price: number; special_price: number | null })
    .filter((product) => product.special_price === null && product.price > 20)
    .slice(0, 2);
}

const stockOf = (sku: string) => db.kysely.selectFrom('stock_item').select(['qty', 'is_in_stock']).where('sku', '=', sku).executeTakeFirstOrThrow();
const priceOf = async (sku: string) =>
  (JSON.parse((await db.kysely.selectFrom('product').select('doc').where('sku', '=', sku).executeTakeFirstOrThrow()).doc) as { price: number }).price;

test('a file with a bad row: every problem printed with its row and column, exit 1, nothing changed', async () => {
  const [a, b] = await twoSkus();
  const before = { price: await priceOf(a.sku), stock: await stockOf(a.sku), history: await db.kysely.selectFrom('price_history').selectAll().execute() };
  const result = await importFile('bad.csv', `sku;price;qty\n${a.sku};10,00;3\n${b.sku};-4;x\n`);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('bad.csv: the file has 2 problems: nothing was changed');
  expect(result.stderr).toContain('row 3, price: a negative price ("-4")');
  expect(result.stderr).toContain('row 3, qty: not a whole number ("x")');
  expect(await priceOf(a.sku)).toBe(before.price);
  expect(await stockOf(a.sku)).toEqual(before.stock);
  expect(await db.kysely.selectFrom('price_history').selectAll().execute()).toEqual(before.history);
});

test('a good file is applied in one go and reported: rows, what changed, the time', async () => {
  const [a, b] = await twoSkus();
  const newPrice = Math.round(a.price * 90) / 100;
  const content = JSON.stringify([
    { sku: a.sku, price: newPrice, qty: 17 },
    { sku: b.sku, qty: 0 },
  ]);
  const result = await importFile('supplier.json', content);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/supplier\.json: 2 rows \(JSON\) imported in [\d,]+ ms/);
  expect(result.stdout).toContain('products changed 2: prices 1, stock 2');
  expect(result.stdout).toContain('price history points 1');
  expect(await priceOf(a.sku)).toBe(newPrice);
  expect(await stockOf(a.sku)).toEqual({ qty: 17, is_in_stock: 1 });
  expect(await stockOf(b.sku)).toEqual({ qty: 0, is_in_stock: 0 });
  const today = new Date().toISOString().slice(0, 10);
  const point = await db.kysely.selectFrom('price_history').selectAll().where('sku', '=', a.sku).where('valid_from', '=', today).executeTakeFirst();
  expect(point?.price_incl_tax).toBeCloseTo(newPrice, 2);

  const dry = await importFile('again.json', content, '--dry-run');
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain('checked (dry run, nothing written)');
  expect(dry.stdout).toContain('products changed 0');
});

test('no file, an unknown option: usage or the reason, and a non-zero exit', async () => {
  const missing = await importFile('empty.csv', '');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('the file is empty');
  const unknown = await importFile('x.csv', 'sku\nx\n', '--force');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('unknown option --force');
});
