import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/config';
import type { Db } from '../src/db/database';
import { RegistryTokens } from '../src/registry/registry-tokens';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * `npm run catalog:import` (SQLite, or PostgreSQL in that run) on a running test shop's
 * database: straight on the database (no --shop) a good file is applied and reported, exit 0;
 * a file with a bad row is reported row by row, exit 1, and the database is as it was; each is
 * recorded in the shop's import history. With --shop the file becomes the shop's job, followed
 * to its end. Profiles are saved from --map/--ignore and used; --skip-bad-rows applies the good
 * rows and writes the refused ones beside the file. (The command line's own checks:
 * scripts/lib/catalog-import/import-cli-options.test.ts.)
 */
const run = promisify(execFile);
let server: TestServer;
let db: Db;
let operator: string;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  db = server.db;
  operator = (await new RegistryTokens(db).create('operator')).token;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-import-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function command(...args: string[]): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: db.url, VAR_DIR: server.varDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Ran;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function importFile(name: string, content: string, ...flags: string[]): Promise<Ran> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return command(file, ...flags);
}

const throughShop = () => ['--shop', server.baseUrl, '--token', operator];

/** Simple SKUs at their regular price, in stock and counted (managed, not volatile): each test takes its own. */
const used = new Set<string>();
async function plainSkus(count: number): Promise<{ sku: string; price: number }[]> {
  const rows = await db.kysely
    .selectFrom('product')
    .innerJoin('stock_item', 'stock_item.sku', 'product.sku')
    .select('product.doc')
    .where('product.type_id', '=', 'simple')
    .where('stock_item.manage_stock', '=', 1)
    .where('stock_item.is_volatile', '=', 0)
    .where('stock_item.qty', '>', 0)
    .orderBy('product.id')
    .limit(300)
    .execute();
  const found = rows
    .map((row) => JSON.parse(row.doc) as { sku: string; price: number; special_price: number | null })
    .filter((product) => product.special_price === null && product.price > 20 && !used.has(product.sku))
    .slice(0, count);
  for (const product of found) used.add(product.sku);
  return found;
}

const stockOf = (sku: string) => db.kysely.selectFrom('stock_item').select(['qty', 'is_in_stock']).where('sku', '=', sku).executeTakeFirstOrThrow();
const priceOf = async (sku: string) =>
  (JSON.parse((await db.kysely.selectFrom('product').select('doc').where('sku', '=', sku).executeTakeFirstOrThrow()).doc) as { price: number }).price;

test('straight on the database, a file with a bad row: every problem printed with its row and column, exit 1, nothing changed', async () => {
  const [a, b] = await plainSkus(2);
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

test('straight on the database, a good file is applied in one go and reported: rows, what changed, the time; a dry run changes nothing', async () => {
  const [a, b] = await plainSkus(2);
  const newPrice = Math.round(a.price * 90) / 100;
  const content = JSON.stringify([
    { sku: a.sku, price: newPrice, qty: 17 },
    { sku: b.sku, qty: 0 },
  ]);
  const result = await importFile('supplier.json', content);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/supplier\.json: import job #\d+, run here/);
  expect(result.stdout).toMatch(/supplier\.json: 2 rows \(JSON[^)]*\) imported in [\d,]+ ms/);
  expect(result.stdout).toContain('products changed 2: prices 1, stock 2');
  expect(result.stdout).toContain('price history points 1');
  expect(await priceOf(a.sku)).toBe(newPrice);
  expect(await stockOf(a.sku)).toEqual({ qty: 17, is_in_stock: 1 });
  expect(await stockOf(b.sku)).toEqual({ qty: 0, is_in_stock: 0 });
  const points = await db.kysely.selectFrom('price_history').selectAll().where('sku', '=', a.sku).where('price_incl_tax', '=', newPrice).execute();
  expect(points).toHaveLength(1);

  const dry = await importFile('again.json', content, '--dry-run');
  expect(dry.code).toBe(0);
  expect(dry.stdout).toContain('checked (dry run, nothing written)');
  expect(dry.stdout).toContain('products changed 0');
});

test('a saved profile and --skip-bad-rows, straight on the database: the good rows applied, the refused ones beside the file to fix', async () => {
  const [good, bad] = await plainSkus(2);
  const file = ['Nasz indeks;Stan;Uwagi', `${good.sku};41;pilne`, `${bad.sku};dużo;`].join('\n');
  const result = await importFile(
    'hurtownia.csv',
    file,
    ...['--save-profile', 'hurtownia-cli', '--map', 'Nasz indeks=sku', '--map', 'Stan=qty', '--ignore', 'Uwagi', '--skip-bad-rows'],
  );
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('profile hurtownia-cli saved (the database');
  expect(result.stdout).toContain('refused 1 row');
  const refusedFile = path.join(dir, 'hurtownia.odrzucone.csv');
  expect(result.stdout).toContain(`the refused rows, with their problem, are in ${refusedFile}`);
  expect(fs.readFileSync(refusedFile, 'utf8')).toMatch(new RegExp(`^\uFEFFsku;qty;row;problem\r\n${bad.sku};dużo;3;"qty: `));
  expect(await stockOf(good.sku)).toEqual({ qty: 41, is_in_stock: 1 });
  const saved = await db.kysely.selectFrom('import_profile').selectAll().where('name', '=', 'hurtownia-cli').executeTakeFirstOrThrow();
  expect(JSON.parse(saved.profile)).toEqual({ columns: { 'Nasz indeks': 'sku', Stan: 'qty', Uwagi: null } });
});

test('through the shop: the profile saved with the API, the file sent as a job and followed to its end; the history says who sent what', async () => {
  const [good, bad] = await plainSkus(2);
  const file = ['Symbol u nas;Ile;Uwagi', `${good.sku};23;`, `${bad.sku};-1;sprawdzić`].join('\n');
  const result = await importFile(
    'dostawa.csv',
    file,
    ...['--save-profile', 'dostawca-api', '--map', 'Symbol u nas=sku', '--map', 'Ile=qty', '--ignore', 'Uwagi', '--skip-bad-rows', ...throughShop()],
  );
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`profile dostawca-api saved (${server.baseUrl})`);
  const id = /sent to .* as import job #(\d+)/.exec(result.stdout)?.[1];
  expect(id).toBeDefined();
  expect(result.stdout).toContain(`import job #${id}: done on ${os.hostname()}:`);
  expect(result.stdout).toMatch(/dostawa\.csv: 2 rows \(CSV[^)]*\) imported/);
  // As the shop kept it: with the BOM a Polish Excel needs.
  expect(fs.readFileSync(path.join(dir, 'dostawa.odrzucone.csv'), 'utf8')).toMatch(new RegExp(`^\uFEFFsku;qty;row;problem\r\n${bad.sku};-1;3;"qty: `));
  expect(await stockOf(good.sku)).toEqual({ qty: 23, is_in_stock: 1 });

  const history = await command('history', ...throughShop());
  expect(history.code).toBe(0);
  // The command says first which shop it asks (scripts/lib/registry-cli-options.ts), then the imports.
  const [said, ...lines] = history.stdout.trim().split('\n');
  expect(said).toBe(`shop: ${server.baseUrl}/ (--shop)`);
  expect(lines[0]).toMatch(
    new RegExp(`^#${id} .* done +dostawa\\.csv +sha256 [0-9a-f]{12} +by operator token \\w+ \\(through the shop\\) +2 rows, 1 product changed, 1 row refused`),
  );
  // The first test's file, run straight on the database.
  expect(history.stdout).toMatch(/ refused +bad\.csv .* by .*@.* \(command line\) +2 problems, nothing changed/);

  const unknown = await importFile('nikt.csv', 'sku\nx\n', '--profile', 'nikt', ...throughShop());
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/no saved profile "nikt": the saved ones are .*dostawca-api/);
});

test('what the command cannot run: the reason and a non-zero exit', async () => {
  const empty = await importFile('empty.csv', '');
  expect(empty.code).toBe(1);
  expect(empty.stderr).toContain('the file is empty');
  const unknown = await importFile('x.csv', 'sku\nx\n', '--force');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('unknown option --force');
});
