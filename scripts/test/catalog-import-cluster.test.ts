import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadShopSettings } from '../../composition/shop-settings';
import { REPO_ROOT } from '../lib/repo-root';
import { openDatabase, type Db } from '../../api/public/database';
import { RegistryTokens } from '../../api/public/app';
import { startCluster, type RunningCluster } from '../lib/cluster';
import { plainSkus } from '../lib/cluster/cluster-database';

/**
 * Imports as jobs behind the balancer (issue #49, docs/catalogue.md "Imports as jobs"): two
 * instances on a throwaway PostgreSQL behind HAProxy, whose server timeout is 15 s, restarted
 * by the supervisor when they end — started by the same library as `npm run start:cluster`.
 * `npm run catalog:import -- <file> --shop <balancer>` is run as an operator runs it.
 *
 * - An import held for 40 s (this test locks a stock row the import must write, from a
 *   connection of its own — as a busy shop's orders would): the command follows the job through
 *   the balancer and reports the import's true outcome, exit 0; the instance running it kept its
 *   lease the whole time (one try). A synchronous answer would have been the balancer's 504
 *   after 15 s, and the command's exit 1, for an import that then committed.
 * - The instance running an import is SIGKILLed mid-apply (its product rows written, the stock
 *   row waited for): nothing of it is kept (PostgreSQL rolls its transaction back), and the job
 *   is run again — by the restarted instance, which knows its own job, or the other one when the
 *   lease runs out — to its end, once; the command, following it meanwhile, reports done.
 */
jest.setTimeout(180_000);

const HELD_MS = 40_000;

let cluster: RunningCluster;
let db: Db;
let varDir: string;
let token: string;
let skus: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-import-cluster-'));
  cluster = await startCluster({
    config: loadShopSettings({ VAR_DIR: varDir, LOG_LEVEL: 'warn' }),
    instances: 2,
    pages: false,
    balancerPort: 0,
    seed: { products: 200, seed: 2026 },
    supervise: { policy: { baseDelayMs: 100, maxDelayMs: 400 } },
    prepare: async (prepared) => {
      // Stock of 1,000 each: every file below changes it.
      skus = await plainSkus(prepared, 6, 1000);
      token = (await new RegistryTokens(prepared).create('operator')).token;
    },
    log: (line) => logged.push(line),
  });
  db = openDatabase(cluster.databaseUrl);
}, 120_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
  fs.rmSync(varDir, { recursive: true, force: true });
});

/** `npm run catalog:import -- …` as its own process; its output and exit status when it ends. */
function catalogImport(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, VAR_DIR: varDir, LOG_LEVEL: 'silent' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A price file for these SKUs: a new price and stock each (above any special price, so the import accepts it). */
function priceFile(name: string, chosen: string[], price: (i: number) => number, qty: (i: number) => number): string {
  const file = path.join(varDir, name);
  fs.writeFileSync(file, ['sku;price;qty', ...chosen.map((sku, i) => `${sku};${price(i).toFixed(2).replace('.', ',')};${qty(i)}`)].join('\n'));
  return file;
}

/** Locks a SKU's stock row from a connection of its own until `release` (the import waits to write it). */
async function holdStockRow(sku: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client(cluster.databaseUrl);
  await client.connect();
  await client.query('begin');
  await client.query('select qty from stock_item where sku = $1 for update', [sku]);
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

async function waitFor<T>(what: string, test: () => Promise<T | undefined>, withinMs = 60_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await test();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}\n${logged.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const lastJob = () => db.kysely.selectFrom('import_job').select(['id', 'state', 'instance', 'attempts']).orderBy('id', 'desc').executeTakeFirst();

/** The import's job, once it runs and its transaction waits for the row this test holds. */
async function waitingOnTheLock(): Promise<{ id: number; instance: string | null }> {
  const job = await waitFor('the import job running', async () => {
    const found = await lastJob();
    return found?.state === 'checking' ? found : undefined;
  });
  await waitFor('the import waiting for the held stock row', async () => {
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
    return rows[0].waiting > 0 ? true : undefined;
  });
  return job;
}

/** What the database says of these SKUs: price, stock, price history. */
async function shown(chosen: string[]) {
  const products = await db.kysely.selectFrom('product').select(['sku', 'doc']).where('sku', 'in', chosen).execute();
  const stock = await db.kysely.selectFrom('stock_item').select(['sku', 'qty']).where('sku', 'in', chosen).execute();
  const history = await db.kysely.selectFrom('price_history').selectAll().where('sku', 'in', chosen).orderBy('sku').orderBy('valid_from').execute();
  return {
    prices: Object.fromEntries(products.map((row) => [row.sku, (JSON.parse(row.doc) as { price: number }).price])),
    stock: Object.fromEntries(stock.map((row) => [row.sku, row.qty])),
    history,
  };
}

const bySku = <T>(chosen: string[], value: (i: number) => T) => Object.fromEntries(chosen.map((sku, i) => [sku, value(i)]));

test('through HAProxy (15-s server timeout), an import held for 40 s: the command follows its job and reports the true outcome, exit 0', async () => {
  expect(fs.readFileSync(cluster.balancer!.configFile, 'utf8')).toContain('timeout server 15s');
  const chosen = skus.slice(0, 3);
  const file = priceFile(
    'held.csv',
    chosen,
    (i) => 4321.5 + i,
    (i) => 30 + i,
  );
  const hold = await holdStockRow(chosen[0]);
  const started = Date.now();
  const run = catalogImport(file, '--shop', cluster.balancerUrl!, '--token', token);
  let released = false;
  try {
    await waitingOnTheLock();
    await new Promise((resolve) => setTimeout(resolve, HELD_MS - (Date.now() - started)));
    expect(await lastJob()).toMatchObject({ state: 'checking', attempts: 1 });
  } finally {
    await hold.release();
    released = true;
  }
  const result = await run;
  expect(released).toBe(true);
  expect(Date.now() - started).toBeGreaterThan(HELD_MS);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const id = (await lastJob())!.id;
  expect(result.stdout).toContain(`held.csv: sent to ${new URL(cluster.balancerUrl!).origin} as import job #${id}`);
  expect(result.stdout).toContain(`import job #${id}: checking on `);
  expect(result.stdout).toContain(`import job #${id}: done on `);
  expect(result.stdout).toMatch(/held\.csv: 3 rows \(CSV[^)]*\) imported in [\d,]+ ms/);
  expect(result.stdout).toContain('products changed 3: prices 3, stock 3');
  expect(await lastJob()).toMatchObject({ state: 'done', attempts: 1 });
  const after = await shown(chosen);
  expect(after.prices).toEqual(bySku(chosen, (i) => 4321.5 + i));
  expect(after.stock).toEqual(bySku(chosen, (i) => 30 + i));
});

test('the instance running an import is killed mid-apply: nothing of it is kept, and the job is run again to its end, once', async () => {
  const chosen = skus.slice(3, 6);
  const file = priceFile(
    'killed.csv',
    chosen,
    (i) => 5432.25 + i,
    (i) => 40 + i,
  );
  const before = await shown(chosen);
  const hold = await holdStockRow(chosen[0]);
  const run = catalogImport(file, '--shop', cluster.balancerUrl!, '--token', token);
  let job: { id: number; instance: string | null };
  try {
    // Its product rows are written (not committed); it waits for the stock row.
    job = await waitingOnTheLock();
    const victim = cluster.instances.find((instance) => job.instance?.endsWith(`:${instance.port}`));
    expect(victim).toBeDefined();
    const { exited } = victim!;
    cluster.signal(victim!, 'SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await shown(chosen)).toEqual(before);
  } finally {
    // The killed instance's transaction gets the row, finds its client gone, and is rolled back.
    await hold.release();
  }
  const result = await run;
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`import job #${job.id}: done on `);
  expect(result.stdout).toContain('products changed 3: prices 3, stock 3');
  expect(await lastJob()).toMatchObject({ id: job.id, state: 'done', attempts: 2 });
  const after = await shown(chosen);
  expect(after.prices).toEqual(bySku(chosen, (i) => 5432.25 + i));
  expect(after.stock).toEqual(bySku(chosen, (i) => 40 + i));
  // One point of the new price per SKU: the second try's (the first one's was rolled back with it).
  const newPoints = chosen.map((sku, i) => after.history.filter((point) => point.sku === sku && point.price_incl_tax === 5432.25 + i).length);
  expect(newPoints).toEqual([1, 1, 1]);
});
