import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { supplierCsv1250 } from '../api/bench/supplier-files';
import { Catalog, CatalogSync, MemorySearchEngine, DEFAULT_SEED, SeoFileWorker, type SeoRunReport } from '../api/public/catalog';
import { importCatalog } from '../api/public/catalog-import';
import { loadConfig } from '../api/public/config';
import { openDatabase, type Db, migrateToLatest } from '../api/public/database';
import { benchDatabase } from './bench-import/catalogue-cache';
import { catalogueSkus, pickSkus, ShopState } from './bench-import/supplier-rows';
import { pagesDuringRun } from './bench-seo/pages-during-run';

/**
 * npm run bench:seo [-- --products 10000,100000 --rows 10000 --pages]: issue #50's measure. For each
 * catalogue size, on PostgreSQL (the bench:import catalogue, kept between runs in
 * var/bench-import/), in this process as one instance runs it — the catalogue loaded, its sync,
 * and the SEO files' writer (api/src/seo/seo-file-worker.ts) with the shop's default timings:
 *
 * - from scratch: no files stored; the writer writes the sitemaps (four languages) and both
 *   feeds (Google Merchant, Ceneo) — its run's time, the files written and their bytes;
 * - incremental: a --rows price and stock import (a Windows-1250 supplier file through
 *   importCatalog, as a job runs it), the catalogue synced, then the writer's next run: the time
 *   from the import's commit until the files hold it (the debounce of 15 s included: what a
 *   shopper or a crawler waits), and the run's own time;
 * - during each run: this process's RSS peak above its rest just before (aim ≤ 100 MB), and the
 *   event loop's delay (p99, max) next to the same length of time idle just before — what a
 *   request to this instance waits extra while the files are written (the page-server
 *   p99, aim no worse than +10 %: a request is answered between the writer's slices).
 *
 * With --pages, instead: the page server's p99 while a run goes on (bench-seo/pages-during-run.ts).
 *
 * Prints the figures beside the aims; never asserts. Needs `--expose-gc` (the npm script passes it).
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const SIZES = option('products', '10000,100000').split(',').map(Number);
const ROWS = Number(option('rows', '10000'));
const SAMPLE_MS = 25;

const mb = (bytes: number) => bytes / 2 ** 20;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Window {
  ms: number;
  rssPeakMb: number;
  /** What the process held at its RSS peak (MB): V8's heap in use and reserved, and memory outside it (Buffers, zlib's). */
  atPeak: { heapUsed: number; heapTotal: number; external: number };
  loopP99Ms: number;
  loopMaxMs: number;
}

/** Samples RSS and the event loop's delay until stopped. */
function watch() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  let peak = 0;
  let atPeak = { heapUsed: 0, heapTotal: 0, external: 0 };
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss <= peak) return;
    peak = rss;
    const usage = process.memoryUsage();
    atPeak = { heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external) };
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return (): Window => {
    clearInterval(timer);
    loop.disable();
    sample();
    return { ms: performance.now() - started, rssPeakMb: mb(peak), atPeak, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 };
  };
}

/** The event loop idle for as long: the baseline of its delay. */
async function idle(ms: number): Promise<Window> {
  const stop = watch();
  await sleep(ms);
  return stop();
}

async function nextRun(worker: SeoFileWorker, runs: number): Promise<SeoRunReport> {
  while (worker.stats.runs <= runs) {
    if (worker.stats.failures > 0) throw new Error('the SEO files writer failed (see above)');
    await sleep(20);
  }
  return worker.lastReport!;
}

async function storedBytes(db: Db): Promise<{ files: number; mb: number; gzipMb: number; largest: string }> {
  const rows = await db.kysely.selectFrom('seo_file').select(['name', 'size', 'gzip_size', 'br_size']).execute();
  const largest = rows.reduce((big, row) => (Number(row.gzip_size) > Number(big.gzip_size) ? row : big), rows[0]);
  return {
    files: rows.length,
    mb: mb(rows.reduce((sum, row) => sum + Number(row.size), 0)),
    gzipMb: mb(rows.reduce((sum, row) => sum + Number(row.gzip_size), 0)),
    largest: `${largest.name} ${mb(Number(largest.size)).toFixed(0)} MB, gzip ${mb(Number(largest.gzip_size)).toFixed(1)} MB, Brotli ${mb(Number(largest.br_size)).toFixed(1)} MB`,
  };
}

const line = (label: string, run: Window, rest: number, calm: Window, extra = '') =>
  `  ${label}: ${(run.ms / 1000).toFixed(1)} s${extra}; RSS peak +${(run.rssPeakMb - rest).toFixed(0)} MB above rest (aim ≤ 100: ${run.rssPeakMb - rest <= 100 ? 'met' : 'missed'}; ` +
  `at the peak: heap used ${(run.atPeak.heapUsed - calm.atPeak.heapUsed).toFixed(0)} MB more, heap reserved ${(run.atPeak.heapTotal - calm.atPeak.heapTotal).toFixed(0)} MB more, ` +
  `outside the heap ${(run.atPeak.external - calm.atPeak.external).toFixed(0)} MB more); ` +
  `event-loop delay p99 ${run.loopP99Ms.toFixed(1)} ms, max ${run.loopMaxMs.toFixed(0)} ms (idle before: p99 ${calm.loopP99Ms.toFixed(1)} ms, max ${calm.loopMaxMs.toFixed(0)} ms)`;

async function bench(products: number): Promise<void> {
  console.log(`\n${products.toLocaleString('en-GB')} products:`);
  const database = await benchDatabase({ seed: { ...DEFAULT_SEED, products }, cache: true, fresh: false, log: (said) => console.log(`  ${said}`) });
  const db = openDatabase(database.databaseUrl);
  const config = loadConfig({ ...process.env, PUBLIC_URL: 'https://kaloryfer.pl' });
  const catalog = new Catalog(db, new MemorySearchEngine());
  const worker = new SeoFileWorker({
    db,
    catalog,
    origin: config.publicOrigin,
    clock: () => new Date(),
    timings: config.seoFiles,
    log: { info: () => {}, warn: (message) => console.log(`  (writer: ${message})`) },
  });
  try {
    await migrateToLatest(db);
    const loadStarted = performance.now();
    await catalog.refresh();
    const sync = new CatalogSync(db, catalog);
    console.log(
      `  catalogue loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s; timings: debounce ${config.seoFiles.debounceMs} ms, at most ${config.seoFiles.maxDelayMs} ms`,
    );
    await db.kysely.deleteFrom('seo_file').execute();
    gc();
    await sleep(500);

    // From scratch.
    const calm = await idle(2000);
    const rest = mb(process.memoryUsage.rss());
    const stop = watch();
    worker.start(`bench-seo:${process.pid}`);
    const first = await nextRun(worker, 0);
    const scratch = stop();
    const stored = await storedBytes(db);
    console.log(
      line(
        'from scratch',
        scratch,
        rest,
        calm,
        ` (run ${(first.ms / 1000).toFixed(1)} s: ${first.written.length} files, ${stored.mb.toFixed(0)} MB of text, ${stored.gzipMb.toFixed(0)} MB gzipped; the largest ${stored.largest})`,
      ),
    );

    // Incremental after an import.
    const skus = pickSkus((await catalogueSkus(db)).skus, Math.min(ROWS, products));
    const rows = new ShopState().next(skus);
    const outcome = await importCatalog(db, supplierCsv1250(rows), { now: new Date() });
    if (!outcome.ok) throw new Error(`the import was refused: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    const committed = performance.now();
    const committedAt = Date.now();
    await sync.syncOnce();
    const synced = performance.now();
    gc();
    const calm2 = await idle(2000);
    const rest2 = mb(process.memoryUsage.rss());
    const stop2 = watch();
    const second = await nextRun(worker, 1);
    const incremental = stop2();
    const fresh = (performance.now() - committed) / 1000;
    console.log(
      `  import of ${rows.length.toLocaleString('en-GB')} rows: ${(outcome.report.ms / 1000).toFixed(1)} s, the catalogue synced ${((synced - committed) / 1000).toFixed(1)} s after its commit`,
    );
    console.log(
      line(
        'incremental',
        incremental,
        rest2,
        calm2,
        ` of watching (run ${(second.ms / 1000).toFixed(1)} s: ${second.written.length} files written, ${second.unchanged.length} unchanged; ${second.reasons.join('; ')})`,
      ),
    );
    // The run stores the feeds first, then the sitemaps (seo-file-worker.ts): when each part held it.
    const heldAfter = second.stages.map(
      (stage) => `${stage.part} ${((Date.parse(stage.storedAt) - committedAt) / 1000).toFixed(1)} s (its stage ${(stage.ms / 1000).toFixed(1)} s)`,
    );
    const feedsAt = Math.max(
      ...second.stages.filter((stage) => stage.part.startsWith('feeds/')).map((stage) => (Date.parse(stage.storedAt) - committedAt) / 1000),
    );
    console.log(`  after its commit: ${heldAfter.join(', ')}`);
    console.log(
      `  the feeds hold the import ${feedsAt.toFixed(1)} s after its commit (aim ≤ 60 s: ${feedsAt <= 60 ? 'met' : 'missed'}); every file ${fresh.toFixed(1)} s`,
    );
  } finally {
    await worker.stop();
    await db.close();
    await database.stop();
  }
}

async function main() {
  console.log(
    `SEO files benchmark (issue #50): ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (!(globalThis as { gc?: unknown }).gc) console.log('(without --expose-gc: the resting RSS includes garbage)');
  for (const products of SIZES) {
    if (args.includes('--pages')) await pagesDuringRun(products, ROWS);
    else await bench(products);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
