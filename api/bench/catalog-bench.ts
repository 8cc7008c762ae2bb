import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { priceProducts } from '../src/catalog/pricing';
import { taxSettingsFrom } from '../src/catalog/tax-settings';
import { MemorySearchEngine } from '../src/search/memory/memory-engine';
import { parseSearch } from '../src/search/query-parser';
import { generateProducts } from '../src/seed/products';
import { TAX_RULES } from '../src/seed/reference-data';
import { startTestServer } from '../harness/test-server';
import type { BaselineQuery } from './baseline-rows';
import { PostgresBaseline } from './postgres-baseline';
import { SqliteBaseline } from './sqlite-baseline';

/**
 * npm run bench:catalog [-- --sizes 10000,100000] [--no-http]: builds catalogues, times the
 * embedded engine against a plain SQLite FTS5 + GROUP BY baseline — and PostgreSQL full-text
 * + GROUP BY when PG_URL is set — in the same run and prints p50/p95/p99 and the ratios; then
 * the listing endpoint's HTTP throughput (autocannon, 10 s). Prints, never asserts.
 */
const TODAY = '2026-11-21';
const args = process.argv.slice(2);
const sizes = (args[args.indexOf('--sizes') + 1] && args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '10000,100000').split(',').map(Number);
const RUNS = 300;
const CATEGORIES = [3, 4, 5, 6, 7, 8, 10, 13, 15, 18];
const COLOURS = [101, 103, 104, 108];
const TEXTS = ['grzejnik łazienkowy', 'zawór termostatyczny', 'grzejnik dekoracyjny antracyt', 'drabinka chrom', 'grzalka 600'];
// The search panel asks from 3 characters on (spec §8 'Searched term should consist of at least 3 characters').
const PREFIXES = ['grz', 'grze', 'grzej', 'zaw', 'zawo', 'glo', 'glow', 'drab', 'lazi', 'term', 'anty', 'chro'];
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];
const FACETS = ['color', 'manufacturer', 'material', 'heater_type', 'delivery', 'price', 'power_75_65_20', 'width'].map((field) => ({ field }));

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

type Percentiles = ReturnType<typeof percentiles>;

/** Awaits each run (the PostgreSQL baseline is a round trip; the others return at once). */
async function time(run: (i: number) => unknown): Promise<Percentiles> {
  for (let i = 0; i < 20; i += 1) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    await run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentiles(samples);
}

const fmt = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
function row(name: string, figures: Percentiles, engineP95?: number) {
  const ratio = engineP95 === undefined ? '' : `   p95 ×${(figures.p95 / engineP95).toFixed(1)} the engine's`;
  console.log(`  ${name.padEnd(40)} ${fmt(figures.p50)} ${fmt(figures.p95)} ${fmt(figures.p99)}${ratio}`);
}

function listingRequest(i: number, text?: string) {
  const filters = [...LISTED, { attribute: 'category_ids', value: { in: [CATEGORIES[i % CATEGORIES.length]] } }];
  if (!text && i % 2 === 0) filters.push({ attribute: 'color', value: { in: [COLOURS[i % COLOURS.length]] } });
  return parseSearch({
    type: 'product',
    query: { _appliedFilters: filters, _availableFilters: FACETS, _searchText: text },
    size: 20,
    sort: text ? '' : 'price:asc',
    include: ['sku', 'name', 'final_price_incl_tax', 'image'],
  });
}

async function benchSize(count: number): Promise<Product[]> {
  let started = Date.now();
  const { products } = generateProducts({ parents: count, seed: 2026, today: TODAY, withHistory: false });
  const priced = priceProducts(products, { tax: taxSettingsFrom(TAX_RULES), at: new Date(`${TODAY}T12:00:00Z`), history: new Map() });
  console.log(
    `\n${count.toLocaleString('en')} products (${priced.reduce((sum, p) => sum + 1 + (p.configurable_children?.length ?? 0), 0).toLocaleString('en')} SKUs), generated in ${Date.now() - started} ms`,
  );
  started = Date.now();
  const engine = new MemorySearchEngine();
  await engine.index({ product: priced, category: [], attribute: [], taxrule: [], cms_page: [], cms_block: [] }, { today: TODAY });
  console.log(
    `  memory index built in ${Date.now() - started} ms (${engine.stats().vocabulary} terms), heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
  started = Date.now();
  const baselines: { name: string; run: (query: BaselineQuery) => unknown; close: () => unknown }[] = [];
  const sqlite = new SqliteBaseline(priced);
  baselines.push({ name: 'SQLite FTS5 + GROUP BY', run: (query) => sqlite.run(query), close: () => sqlite.close() });
  console.log(`  SQLite FTS5 baseline built in ${Date.now() - started} ms`);
  if (process.env.PG_URL) {
    started = Date.now();
    const postgres = await PostgresBaseline.load(process.env.PG_URL, priced);
    baselines.push({ name: 'PostgreSQL tsvector + GROUP BY', run: (query) => postgres.run(query), close: () => postgres.close() });
    console.log(`  PostgreSQL baseline loaded and indexed in ${Date.now() - started} ms`);
  }
  // The engine's search is async for the interface; its work is synchronous, so time it directly.
  const search = (request: ReturnType<typeof parseSearch>) =>
    (engine as unknown as { indexes: { product: { search: (r: unknown) => unknown } } }).indexes.product.search(request);
  const baselineQuery = (i: number, text?: string): BaselineQuery => ({
    category: CATEGORIES[i % CATEGORIES.length],
    colour: !text && i % 2 === 0 ? COLOURS[i % COLOURS.length] : undefined,
    text,
    facets: true,
    size: 20,
  });
  const queries: { name: string; engine: (i: number) => unknown; baseline: (i: number) => BaselineQuery }[] = [
    { name: 'listing: 5 terms + 3 ranges + sort', engine: (i) => search(listingRequest(i)), baseline: (i) => baselineQuery(i) },
    {
      name: 'text + 2 filters + same facets',
      engine: (i) => search(listingRequest(i, TEXTS[i % TEXTS.length])),
      baseline: (i) => baselineQuery(i, TEXTS[i % TEXTS.length]),
    },
    {
      name: 'search-as-you-type prefixes',
      engine: (i) =>
        search(
          parseSearch({ type: 'product', query: { _searchText: PREFIXES[i % PREFIXES.length], _appliedFilters: LISTED }, size: 5, include: ['sku', 'name'] }),
        ),
      baseline: (i) => ({ category: 2, text: PREFIXES[i % PREFIXES.length], facets: false, size: 5 }),
    },
  ];
  console.log(`  ${''.padEnd(40)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}`);
  for (const query of queries) {
    console.log(`  ${query.name}`);
    const engineFigures = await time(query.engine);
    row('  embedded engine', engineFigures);
    for (const baseline of baselines) row(`  ${baseline.name}`, await time((i) => baseline.run(query.baseline(i))), engineFigures.p95);
  }
  for (const baseline of baselines) await baseline.close();
  return priced;
}

async function httpThroughput() {
  const autocannon = path.join(__dirname, '../../node_modules/.bin/autocannon');
  if (!fs.existsSync(autocannon)) {
    console.log('\nHTTP: autocannon is not installed (npm install), skipped');
    return;
  }
  const server = await startTestServer({ seed: { products: 10000, seed: 2026, today: TODAY, withHistory: false } });
  try {
    const body = JSON.stringify({
      query: { _appliedFilters: [...LISTED, { attribute: 'category_ids', value: { in: [3] } }], _availableFilters: FACETS },
      size: 20,
      sort: 'price:asc',
      _sourceInclude: ['sku', 'name', 'final_price_incl_tax', 'image'],
    });
    const url = `${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`;
    console.log(`\nHTTP listing endpoint (10,000 products, POST, 10 connections, 10 s, loopback, ${os.cpus().length} cores):`);
    // In a child process: the server in this process must stay free to answer.
    const result = await promisify(execFile)(
      autocannon,
      ['-c', '10', '-d', '10', '-m', 'POST', '-H', 'content-type=application/json', '-b', body, '--json', url],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(result.stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
    console.log(
      `  ${Math.round(report.requests.average)} req/s, latency p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, non-2xx ${report.non2xx}, errors ${report.errors}`,
    );
  } finally {
    await server.close();
  }
}

async function main() {
  console.log(`Catalogue search benchmark (${RUNS} runs per query after 20 warm-up; Node ${process.version})`);
  for (const size of sizes) await benchSize(size);
  if (!args.includes('--no-http')) await httpThroughput();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
