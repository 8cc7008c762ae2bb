import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { supplierCsv1250 } from '../../api/bench/supplier-files';
import { DEFAULT_SEED } from '../../api/public/catalog';
import { importCatalog } from '../../api/public/catalog-import';
import { loadShopSettings } from '../../composition/shop-settings';
import { openDatabase, type Db } from '../../api/public/database';
import { benchDatabase } from '../bench-import/catalogue-cache';
import { catalogueSkus, pickSkus, ShopState } from '../bench-import/supplier-rows';
import { load, productPages, type Load } from '../lib/page-load';
import { startShop } from '../lib/shop';

/**
 * bench:seo --pages: issue #50's "page-server p99 while a regeneration runs (no worse than
 * 10 %)". The whole shop (API, registry, page server and its SEO files' writer, as `npm start`
 * runs it) on the bench's catalogue on PostgreSQL; product pages asked by autocannon in a child
 * process at CONNECTIONS connections — idle, then while the writer's run after a `rows` price
 * and stock import goes on (from its first file begun until LOAD_S later: the run lasts longer at
 * 100,000 products, which the output shows), then idle again. The render cache is on, as the
 * shop's default: a page request's time is mostly the page server's own event loop, which the
 * writer shares.
 */
const CONNECTIONS = 8;
const LOAD_S = 20;
const PORT = 4391;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`bench:seo --pages: gave up waiting for ${what}`);
    await sleep(200);
  }
}

const generatedAt = async (db: Db) => (await db.kysely.selectFrom('seo_state').select('generated_at').executeTakeFirst())?.generated_at ?? null;

const row = (label: string, report: Load) =>
  `  ${label.padEnd(34)} ${String(Math.round(report.requests.average)).padStart(6)} req/s   p50 ${String(report.latency.p50).padStart(4)} ms   p99 ${String(report.latency.p99).padStart(4)} ms   max ${String(report.latency.max ?? '?').padStart(5)} ms${report.non2xx + report.errors > 0 ? `   non-2xx ${report.non2xx}, errors ${report.errors}` : ''}`;

export async function pagesDuringRun(products: number, rows: number): Promise<void> {
  console.log(`\nProduct pages while the writer runs, ${products.toLocaleString('en-GB')} products (${CONNECTIONS} connections, ${LOAD_S} s each):`);
  const database = await benchDatabase({ seed: { ...DEFAULT_SEED, products }, cache: true, fresh: false, log: (said) => console.log(`  ${said}`) });
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-bench-seo-pages-'));
  const config = loadShopSettings({
    ...process.env,
    DATABASE_URL: database.databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    VAR_DIR: varDir,
    PUBLIC_URL: 'https://kaloryfer.pl',
    LOG_LEVEL: 'warn',
  });
  const db = openDatabase(database.databaseUrl);
  const started = performance.now();
  const shop = await startShop(config, (line) => console.log(`  ${line}`));
  try {
    // The files of a shop that has none are written at its start: wait for them.
    const first = await until('the first files', () => generatedAt(db), 15 * 60_000);
    console.log(`  shop up and its first files written ${((performance.now() - started) / 1000).toFixed(0)} s after the start (${first})`);
    const pages = await productPages(shop);
    await load(pages.slice(0, 100), CONNECTIONS, 5); // renders cached, connections warm
    const before = await load(pages, CONNECTIONS, LOAD_S);

    const skus = pickSkus((await catalogueSkus(db)).skus, Math.min(rows, products));
    const committedAt = new Date();
    const outcome = await importCatalog(db, supplierCsv1250(new ShopState().next(skus)), { now: committedAt });
    if (!outcome.ok) throw new Error(`the import was refused: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    // The run after it begins its first file once the debounce has passed: a version begun after the commit.
    const runStart = await until(
      "the writer's run",
      async () =>
        (
          await db.kysely
            .selectFrom('seo_file_blob')
            .select('created_at')
            .where('created_at', '>', committedAt.toISOString())
            .orderBy('created_at')
            .executeTakeFirst()
        )?.created_at,
      5 * 60_000,
    );
    const loadStart = Date.now();
    const during = await load(pages, CONNECTIONS, LOAD_S);
    const loadEnd = Date.now();
    const ended = await until(
      "the run's end",
      async () => {
        const at = await generatedAt(db);
        return at && at > runStart ? at : null;
      },
      10 * 60_000,
    );
    const after = await load(pages, CONNECTIONS, LOAD_S);

    console.log(row('idle, before', before));
    console.log(row('while the writer runs', during));
    console.log(row('idle, after', after));
    const idleP99 = Math.max(before.latency.p99, after.latency.p99);
    const change = (during.latency.p99 / idleP99 - 1) * 100;
    console.log(
      `  the run: ${((Date.parse(ended) - Date.parse(runStart)) / 1000).toFixed(1)} s (${runStart} → ${ended}); the load ran ${((loadStart - Date.parse(runStart)) / 1000).toFixed(1)}–${((loadEnd - Date.parse(runStart)) / 1000).toFixed(1)} s into it` +
        `${Date.parse(ended) < loadEnd ? ' (the run ended first: part of the load was idle)' : ''}`,
    );
    console.log(
      `  p99 while it runs against the worse idle p99: ${change >= 0 ? '+' : ''}${change.toFixed(0)} % (aim ≤ +10 %: ${change <= 10 ? 'met' : 'missed'})`,
    );
  } finally {
    await shop.close();
    await db.close();
    await database.stop();
    fs.rmSync(varDir, { recursive: true, force: true });
  }
}
