import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopCsv, supplierCsv1250, writeSupplierXlsx, type SupplierRow } from '../api/bench/supplier-files';
import { parseImportFile } from '../api/public/catalog-import';
import { loadShopSettings } from '../composition/shop-settings';
import { DEFAULT_SEED } from '../api/public/catalog';
import { benchDatabase, type BenchDatabase } from './bench-import/catalogue-cache';
import { importRun, settle, shows, type Probe } from './bench-import/import-run';
import { restingRssMb } from './bench-import/memory-sampler';
import { FILE_KINDS, KIND_LABEL, runLine, summaryTable, type FileKind, type FileResult } from './bench-import/report';
import { catalogueSkus, pickSkus, ShopState, type CatalogueSku, type CatalogueSkus } from './bench-import/supplier-rows';
import { startCluster, type RunningCluster } from './lib/cluster';
import { HAPROXY_BIN } from './lib/cluster/balancer';
import { ensureOperatorToken } from './lib/local-builds';
import { postgresBinDir } from './lib/postgres-server';

/**
 * npm run bench:import [-- --products 100000 --rows 10000,100000 --runs 3 (or 3,1: per --rows) --files baseline,csv1250,xlsx --budget-min 35 --fresh --no-cache]:
 * issue #49's import benchmark. A supplier's price and stock file through the operator's command
 * (`npm run catalog:import -- <file> --shop <balancer> --token …`) into a cluster as
 * start:cluster runs it — PostgreSQL with its production settings, 2 instances (API only,
 * LOG_LEVEL=warn) behind HAProxy — holding the bench catalogue (100,000 products by default; kept
 * between runs: bench-import/catalogue-cache.ts). The files are made from the catalogue's real
 * SKUs (bench-import/supplier-rows.ts; api/bench/supplier-files.ts writes them):
 *
 *   a Windows-1250 CSV with a wholesaler's Polish headers (Indeks;Nazwa;Cena brutto;Stan;EAN;Producent) ·
 *   the same sheet as XLSX · the baseline: the same rows as a UTF-8 `sku;price;qty` file, what imported before #49
 *
 * for each --rows (10,000 and 100,000 by default); every run changes every row's price and stock
 * (one step from the seed's, or back). For each file, interleaved with the baseline (the order
 * turns each round), --runs times: the time to checked, to applied, to visible on every instance
 * (each asked directly), the command's exit, the importing instance's RSS peak above its rest
 * (bench-import/import-run.ts). Prints every run, then the worst run and the median beside the
 * aims (≤ 10 s for 10,000 rows, ≤ 300 MB) and the baseline, and where the time went. Never
 * asserts. Everything started is stopped at the end and on Ctrl-C.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const numbers = (name: string, fallback: string) => {
  const values = option(name, fallback).split(',').map(Number);
  if (values.some((value) => !Number.isInteger(value) || value < 1))
    throw new Error(`--${name} takes whole numbers ≥ 1, comma-separated: got "${option(name, fallback)}"`);
  return values;
};
const PRODUCTS = numbers('products', '100000')[0];
const ROWS = numbers('rows', '10000,100000');
const RUNS = numbers('runs', '3');
const runsOf = (index: number) => RUNS[Math.min(index, RUNS.length - 1)];
/**
 * `--budget-min 35`: a rows size's further rounds are skipped (and the report says so) when, at
 * the pace of its rounds so far, they would end the benchmark after this many minutes.
 */
const BUDGET_MIN = args.includes('--budget-min') ? numbers('budget-min', '0')[0] : 0;
/** `--files csv1250,xlsx`: only these files (and the baseline's rows are left out unless named). */
const KINDS: FileKind[] = option('files', FILE_KINDS.join(','))
  .split(',')
  .map((kind) => {
    if (!FILE_KINDS.includes(kind as FileKind)) throw new Error(`--files takes ${FILE_KINDS.join(', ')}: got "${kind}"`);
    return kind as FileKind;
  });
const CACHE = !args.includes('--no-cache');
const FRESH = args.includes('--fresh');
const SEED = { ...DEFAULT_SEED, products: PRODUCTS };
const INSTANCES = 2;
const WARM_UP_ROWS = 1000;

const log = (line: string) => console.log(`  ${line}`);
const hasPolish = (text: string) => /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/.test(text);

async function writeFile(kind: FileKind, rows: SupplierRow[], dir: string, count: number): Promise<string> {
  const file = path.join(dir, kind === 'xlsx' ? `cennik-${count}.xlsx` : kind === 'csv1250' ? `cennik-${count}.csv` : `prices-${count}.csv`);
  if (kind === 'xlsx') await writeSupplierXlsx(rows, file);
  else fs.writeFileSync(file, kind === 'csv1250' ? supplierCsv1250(rows) : shopCsv(rows));
  return file;
}

/** Three viewable SKUs of the file — near its start, middle and end — whose price every instance serves as the catalogue holds it. */
async function chooseProbes(skus: CatalogueSku[], state: ShopState, cluster: RunningCluster): Promise<CatalogueSku[]> {
  const viewable = skus.map((sku, index) => ({ sku, index })).filter(({ sku }) => sku.viewable);
  const probes: CatalogueSku[] = [];
  for (const target of [0, Math.floor(skus.length / 2), skus.length - 1]) {
    const candidates = viewable.filter(({ sku }) => !probes.includes(sku)).sort((a, b) => Math.abs(a.index - target) - Math.abs(b.index - target));
    for (const { sku } of candidates.slice(0, 20)) {
      const ok = await Promise.all(cluster.instances.map((instance) => shows(instance.url, [{ sku: sku.sku, price: state.price(sku) }])));
      if (ok.every(Boolean)) {
        probes.push(sku);
        break;
      }
    }
  }
  if (probes.length === 0) throw new Error('no SKU of the file is served at its catalogue price on every instance: nothing to probe');
  return probes;
}

async function main() {
  const started = Date.now();
  const haproxyVersion = execFileSync(HAPROXY_BIN, ['-v'], { encoding: 'utf8' })
    .split('\n')[0]
    .replace(/ - https.*/, '');
  const postgresVersion = execFileSync(path.join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  const loads = () =>
    os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ');
  console.log(
    `Import benchmark (issue #49): ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${haproxyVersion}, ${postgresVersion}; load average ${loads()}`,
  );
  console.log(
    `catalogue ${PRODUCTS.toLocaleString('en-GB')} products; ${INSTANCES} instances (API only, LOG_LEVEL=warn) behind HAProxy on PostgreSQL (fsync on); ` +
      `files of ${ROWS.map((rows, i) => `${rows.toLocaleString('en-GB')} rows × ${runsOf(i)} run(s)`).join(', ')}; each through \`npm run catalog:import -- <file> --shop <balancer> --token …\``,
  );

  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-bench-import-'));
  const filesDir = path.join(varDir, 'files');
  fs.mkdirSync(filesDir);
  const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, LOG_LEVEL: 'warn', PORT: '0' };
  for (const name of ['PUBLIC_URL', 'PUBLIC_ORIGINS', 'DATABASE_URL', 'MAIL_DIR', 'SMTP_URL', 'PAYMENT_NOTIFY_URL']) delete env[name];
  const config = loadShopSettings(env);

  let database: BenchDatabase | null = null;
  let cluster: RunningCluster | null = null;
  let command: ChildProcess | null = null;
  const stopAll = async () => {
    if (command?.pid) {
      try {
        process.kill(-command.pid, 'SIGTERM');
      } catch {
        // ended meanwhile
      }
    }
    await cluster?.stop();
    cluster = null;
    await database?.stop();
    database = null;
    fs.rmSync(varDir, { recursive: true, force: true });
  };
  // Ctrl-C or SIGTERM: what was started is stopped (by process id) before leaving.
  let interrupted = false;
  const interrupt = () => {
    if (interrupted) return;
    interrupted = true;
    console.log('\nstopping…');
    void stopAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  const results: FileResult[] = [];
  let restAtStart: number[] = [];
  try {
    console.log('\nthe catalogue:');
    database = await benchDatabase({ seed: SEED, cache: CACHE, fresh: FRESH, log });
    log(database.said);
    let token = '';
    let catalogue: CatalogueSkus = { skus: [], left: { specialPrice: 0, noStock: 0, notWindows1250: 0 }, products: 0 };
    console.log('\nstarting the cluster…');
    const clusterStarted = performance.now();
    cluster = await startCluster({
      config,
      instances: INSTANCES,
      pages: false,
      balancerPort: 0,
      databaseUrl: database.databaseUrl,
      seed: SEED,
      instanceEnv: { LOG_LEVEL: 'warn' },
      log,
      prepare: async (db) => {
        token = await ensureOperatorToken(db, path.join(varDir, 'registry-operator.token'), 'npm run bench:import');
        catalogue = await catalogueSkus(db);
      },
    });
    const running = cluster;
    const names = running.instances.map((instance) => instance.name);
    const pids = running.instances.map((instance) => instance.pid);
    const postgresPid = database.server.pid();
    log(`started in ${((performance.now() - clusterStarted) / 1000).toFixed(0)} s; balancer ${running.balancerUrl}`);
    restAtStart = await restingRssMb(pids);
    log(`resting RSS before any import: ${names.map((name, i) => `${name} ${restAtStart[i].toFixed(0)} MB`).join(', ')}`);
    const { left } = catalogue;
    log(
      `${catalogue.products.toLocaleString('en-GB')} products; ${catalogue.skus.length.toLocaleString('en-GB')} SKUs the files can carry ` +
        `(left out: ${left.specialPrice} with a special price, ${left.noStock} without a stock row, ${left.notWindows1250} with a name Windows-1250 lacks a letter of)`,
    );

    const state = new ShopState();
    const send = async (file: string, probes: Probe[]) =>
      importRun({
        file,
        balancerUrl: running.balancerUrl!,
        token,
        instances: running.instances,
        postgresPid,
        balancer: running.balancer,
        probes,
        onChild: (child) => {
          command = child;
        },
      });

    // One import before anything is measured: the import's and the sync's code paths compiled on the instances.
    {
      const skus = pickSkus(catalogue.skus, Math.min(WARM_UP_ROWS, ROWS[0]));
      const probes = await chooseProbes(skus, state, running);
      const rows = state.next(skus);
      const file = await writeFile('baseline', rows, filesDir, rows.length);
      console.log(`\nwarming up: a ${rows.length}-row baseline file, not counted`);
      const figures = await send(
        file,
        probes.map((sku) => ({ sku: sku.sku, price: rows[skus.indexOf(sku)].price })),
      );
      if (figures.job?.state !== 'done') throw new Error(`the warm-up import did not apply (exit ${figures.exitCode}): ${figures.said}`);
      state.applied(rows);
      console.log(runLine({ rows: rows.length, kind: 'baseline' }, 0, figures, names));
    }

    for (const [sizeIndex, count] of ROWS.entries()) {
      const skus = pickSkus(catalogue.skus, count);
      const probes = await chooseProbes(skus, state, running);
      const products = new Set(skus.map((sku) => sku.productId)).size;
      console.log(
        `\n${count.toLocaleString('en-GB')} rows: the SKUs of ${products.toLocaleString('en-GB')} products, ` +
          `${skus.filter((sku) => hasPolish(sku.name)).length.toLocaleString('en-GB')} names with Polish letters; probes ${probes.map((sku) => sku.sku).join(', ')}`,
      );
      // Reading each file alone, in this process: what the import's first step costs, without the shop.
      const sizeResults = new Map<FileKind, FileResult>();
      const sample = state.next(skus);
      for (const kind of KINDS) {
        const file = await writeFile(kind, sample, filesDir, count);
        const bytes = fs.readFileSync(file);
        const readStarted = performance.now();
        const parsed = await parseImportFile(bytes, { format: kind === 'xlsx' ? 'xlsx' : 'csv' });
        const parseS = (performance.now() - readStarted) / 1000;
        if (!parsed.ok) throw new Error(`${KIND_LABEL[kind]}: the import cannot read it: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
        log(
          `${KIND_LABEL[kind]}: ${(bytes.length / 2 ** 20).toFixed(1)} MB, read alone in ${parseS.toFixed(2)} s as ${parsed.file.format}` +
            `${parsed.file.encoding ? ` (${parsed.file.encoding})` : ''}: columns ${parsed.file.columns.join(', ')}${parsed.file.ignored.length > 0 ? `; ignored ${parsed.file.ignored.join(', ')}` : ''}`,
        );
        sizeResults.set(kind, { rows: count, kind, bytes: bytes.length, parseS, runs: [] });
      }
      const runs = runsOf(sizeIndex);
      const sizeStarted = Date.now();
      for (let round = 0; round < runs; round += 1) {
        // Interleaved: each round runs the baseline and both files, the order turned by one each round.
        const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
        for (const kind of order) {
          const rows = state.next(skus);
          const file = await writeFile(kind, rows, filesDir, count);
          await settle(pids, postgresPid);
          const figures = await send(
            file,
            probes.map((sku) => ({ sku: sku.sku, price: rows[skus.indexOf(sku)].price })),
          );
          if (figures.job?.state === 'done') state.applied(rows);
          const result = sizeResults.get(kind)!;
          result.runs.push(figures);
          console.log(runLine(result, round + 1, figures, names));
        }
        log(`(${((Date.now() - started) / 60_000).toFixed(1)} min so far; load average ${loads()})`);
        const perRound = (Date.now() - sizeStarted) / (round + 1);
        if (BUDGET_MIN > 0 && round + 1 < runs && Date.now() + perRound * (runs - round - 1) - started > BUDGET_MIN * 60_000) {
          log(
            `${count.toLocaleString('en-GB')} rows: ${round + 1} of ${runs} run(s) only — ${runs - round - 1} more at ${(perRound / 60_000).toFixed(1)} min each would pass --budget-min ${BUDGET_MIN}`,
          );
          break;
        }
      }
      results.push(...sizeResults.values());
    }

    console.log('');
    for (const line of summaryTable(results, restAtStart)) console.log(line);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    if (!interrupted) await stopAll();
  }
  console.log(`\n(${((Date.now() - started) / 60_000).toFixed(1)} min in all; load average ${loads()})`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
