import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { loadConfig, REPO_ROOT } from '../api/src/config';
import { startShop } from './lib/shop';

/**
 * npm run bench:web — Lighthouse (its default mobile profile: a mid-range phone, simulated 4G
 * and 4× CPU slowdown) against the built shop, for the home page, a category and a product.
 * The baseline, measured in the same run on the same machine, is a content page: the shell and
 * one small remote, the least the shop can send. Each page runs RUNS times; the median is
 * printed. Prints figures against the aims (performance ≥ 95, CLS < 0.05); never fails on them.
 *
 * Measures what `npm run build` last built; the shop runs from a fresh var/bench-web each time,
 * so the published remotes are that build.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AIM_PERFORMANCE = 95;
const AIM_CLS = 0.05;
const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Lighthouse's CLI in its own Node process: it sends functions' source text into the page, and
// a loader that rewrites JavaScript (tsx adds __name helpers) would break them.
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

interface Report {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

async function audit(url: string, port: number): Promise<Figures> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    LIGHTHOUSE_CLI, url, `--port=${port}`, '--output=json', '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
  ], { maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  const { categories, audits } = report;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
    lcp: value('largest-contentful-paint'), tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift'), fcp: value('first-contentful-paint'),
  };
}

/** A product and a category a shopper would open first: the most viewed listed radiator. */
async function pagesOf(shopUrl: string): Promise<[string, string][]> {
  const response = await fetch(`${shopUrl}api/catalog/vue_storefront_catalog/product/_search`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      size: 1, sort: 'view_count:desc', _sourceInclude: ['sku', 'slug'],
      query: { _appliedFilters: [
        { attribute: 'visibility', value: { in: [2, 4] } }, { attribute: 'status', value: { in: [0, 1] } },
        { attribute: 'category_ids', value: { in: [6] } }, { attribute: 'type_id', value: { eq: 'configurable' } },
      ] },
    }),
  });
  const { items } = await response.json() as { items: { sku: string; slug: string }[] };
  return [
    ['baseline: content page', 'i/o-nas'],
    ['home', ''],
    ['category', 'c/grzejniki-lazienkowe'],
    ['product', `p/${items[0].sku}/${items[0].slug}`],
  ];
}

const row = (label: string, figures: Figures) => [
  label.padEnd(24),
  String(figures.performance).padStart(5),
  String(figures.accessibility).padStart(6),
  String(figures.bestPractices).padStart(4),
  String(figures.seo).padStart(5),
  `${(figures.fcp / 1000).toFixed(2)} s`.padStart(8),
  `${(figures.lcp / 1000).toFixed(2)} s`.padStart(8),
  `${Math.round(figures.tbt)} ms`.padStart(8),
  figures.cls.toFixed(3).padStart(7),
].join(' ');

async function main() {
  const varDir = path.join(REPO_ROOT, 'var', 'bench-web');
  fs.rmSync(varDir, { recursive: true, force: true });
  const config = { ...loadConfig(), port: 4500, remotePortBase: 4501, publicHost: '127.0.0.1', logLevel: 'silent', varDir, databaseUrl: `sqlite:${path.join(varDir, 'bench.sqlite')}` };
  const shop = await startShop(config, () => undefined);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const pages = await pagesOf(shop.url);
    console.log(`Lighthouse ${RUNS}× per page (mobile profile, simulated throttling), median:\n`);
    console.log(`${'page'.padEnd(24)} ${'perf'.padStart(5)} ${'a11y'.padStart(6)} ${'bp'.padStart(4)} ${'seo'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(7)}`);
    const results = new Map<string, Figures>();
    for (const [label, pagePath] of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(shop.url + pagePath, Number(chrome.port)));
      const figures = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((one) => one[key as keyof Figures]))])) as unknown as Figures;
      results.set(label, figures);
      console.log(row(label, figures));
    }
    const baseline = results.get(pages[0][0])!;
    console.log('\nAgainst the aims and the baseline:');
    for (const [label, figures] of [...results].slice(1)) {
      const notes = [
        figures.performance >= AIM_PERFORMANCE ? `performance ${figures.performance} ≥ ${AIM_PERFORMANCE}` : `performance ${figures.performance} BELOW the ${AIM_PERFORMANCE} aim`,
        figures.cls < AIM_CLS ? `CLS ${figures.cls.toFixed(3)} < ${AIM_CLS}` : `CLS ${figures.cls.toFixed(3)} OVER the ${AIM_CLS} aim`,
        `LCP ${figures.lcp - baseline.lcp >= 0 ? '+' : ''}${Math.round(figures.lcp - baseline.lcp)} ms and TBT ${figures.tbt - baseline.tbt >= 0 ? '+' : ''}${Math.round(figures.tbt - baseline.tbt)} ms vs the baseline`,
      ];
      console.log(`  ${label.padEnd(10)} ${notes.join('; ')}`);
    }
  } finally {
    chrome.kill();
    await shop.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
