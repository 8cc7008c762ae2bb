import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './lib/repo-root';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './lib/chromium';
import { benchPages } from './lib/bench-pages';
import { medianOfLoads, observeLongTasks, type LongTaskFigures } from './lib/long-tasks';

/**
 * npm run bench:compare -- --baseline <git ref> [--runs 5] [--only lighthouse|tasks] [--pages home,category,radiator]: this
 * checkout's build next to another commit's, in one run — Lighthouse mobile on the page types of
 * bench:web (scripts/lib/bench-pages.ts; `--pages` picks some by label), the two shops'
 * runs interleaved (baseline, this, this, baseline, …) so the machine's drift hits both alike;
 * the median of the runs per page and the worst run shown. For a change that must not give back
 * speed (issue #38: score −2 at most, TBT +30 ms at most). Then the main thread's long tasks as
 * Chromium observes them under the same 4× CPU slowdown (lib/long-tasks.ts), interleaved the same
 * way: Lighthouse's TBT is simulated from one trace and swings by a hundred milliseconds and more
 * between runs of the very same build on this machine; the observed blocking time is steadier.
 *
 * The baseline is checked out once into var/bench-baseline/<commit> (a git worktree with a copy of
 * this checkout's node_modules — the workspaces' links are relative, so they point into the
 * worktree) and built there; this checkout must be built (`npm run build`). Each shop runs from a
 * fresh var/ folder of its own (SQLite, the seed catalogue). Prints; never fails on the figures.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BASELINE = option('baseline', 'HEAD~1');
const RUNS = Number(option('runs', '5'));
/** `--only lighthouse` or `--only tasks`: one of the two parts. */
const ONLY = option('only', '');
/** Labels of scripts/lib/bench-pages.ts, comma-separated; all seven by default. */
const PAGES = option('pages', '');
const AIMS = { scoreDrop: 2, tbtRise: 30 };

const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKb: number;
  /** Every request of the load (documents, scripts, styles, images, API calls). */
  requests: number;
}

interface Report {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } } | undefined>;
}

/** One Lighthouse run; a run Lighthouse itself spoils (a trace without its navigation start) is run again, twice at most. */
async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  try {
    return await auditOnce(url, port);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`\n${url}: Lighthouse failed (${String(error).split('\n')[0]}); again`);
    return audit(url, port, attempt + 1);
  }
}

async function auditOnce(url: string, port: number): Promise<Figures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [LIGHTHOUSE_CLI, url, `--port=${port}`, '--output=json', '--quiet', '--only-categories=performance'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsKb: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    requests: requests.length,
  };
}

const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** The baseline commit checked out and built (once per commit). */
function prepareBaseline(ref: string): { dir: string; commit: string } {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = path.join(REPO_ROOT, 'var', 'bench-baseline', commit.slice(0, 12));
  const built = path.join(dir, '.bench-built');
  if (fs.existsSync(built)) return { dir, commit };
  fs.rmSync(dir, { recursive: true, force: true });
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', dir, commit);
  console.log(`baseline ${commit.slice(0, 12)}: copying node_modules, building…`);
  for (const modules of ['node_modules', 'api/node_modules']) {
    if (fs.existsSync(path.join(REPO_ROOT, modules))) execFileSync('cp', ['-a', path.join(REPO_ROOT, modules), path.join(dir, modules)]);
  }
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  fs.writeFileSync(built, new Date().toISOString());
  return { dir, commit };
}

interface Shop {
  url: string;
  stop(): void;
}

/** `npm start` of a checkout (its own code and build) on a port, from a fresh var/ folder. */
async function startShopIn(dir: string, port: number, name: string): Promise<Shop> {
  const varDir = path.join(REPO_ROOT, 'var', `bench-compare-${name}`);
  fs.rmSync(varDir, { recursive: true, force: true });
  const { DATABASE_URL: _own, ...env } = process.env; // each shop its own SQLite file in its var/
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: dir,
    env: { ...env, PORT: String(port), PUBLIC_HOST: '127.0.0.1', VAR_DIR: varDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Kaloryfer is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} shop exited (${code}) before it ran:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}/`;
  await fetch(url, { headers: { accept: 'text/html' } }).then((response) => response.text()); // render threads warm
  return { url, stop };
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;

/** Per page [baseline, this]: the median observed long tasks of `runs` loads each, interleaved. */
async function compareLongTasks(pairs: [string, string][], runs: number): Promise<[LongTaskFigures, LongTaskFigures][]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results: [LongTaskFigures, LongTaskFigures][] = [];
    for (const [before, after] of pairs) {
      const samples: [LongTaskFigures[], LongTaskFigures[]] = [[], []];
      for (let run = 0; run < runs; run += 1) {
        const order = run % 2 === 0 ? [0, 1] : [1, 0];
        for (const side of order) samples[side]!.push(await observeLongTasks(browser, side === 0 ? before : after));
        process.stdout.write('.');
      }
      results.push([medianOfLoads(samples[0]), medianOfLoads(samples[1])]);
    }
    return results;
  } finally {
    await browser.close();
  }
}

const summary = (runs: Figures[]) => ({
  median: Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key as keyof Figures]))])) as unknown as Figures,
  worst: { performance: Math.min(...runs.map((run) => run.performance)), tbt: Math.max(...runs.map((run) => run.tbt)) },
});

const cell = ({ median: m, worst }: ReturnType<typeof summary>) =>
  [
    `${m.performance}`.padStart(4),
    `(${worst.performance})`.padStart(5),
    `${(m.fcp / 1000).toFixed(2)}`.padStart(5),
    `${(m.lcp / 1000).toFixed(2)}`.padStart(5),
    `${Math.round(m.tbt)}`.padStart(5),
    `(${Math.round(worst.tbt)})`.padStart(6),
    m.cls.toFixed(3).padStart(6),
    m.jsKb.toFixed(0).padStart(5),
    String(m.requests).padStart(4),
  ].join(' ');

async function lighthouse(pages: [string, string][], baseline: Shop, candidate: Shop, commit: string, current: string): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const results = new Map<string, { baseline: Figures[]; current: Figures[] }>();
  try {
    for (const [label, pagePath] of pages) {
      const runs = { baseline: [] as Figures[], current: [] as Figures[] };
      for (let run = 0; run < RUNS; run += 1) {
        // Alternate which goes first: neither side always meets a warmer (or busier) machine.
        const order = run % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
        for (const side of order) runs[side].push(await audit((side === 'baseline' ? baseline.url : candidate.url) + pagePath, Number(chrome.port)));
        process.stdout.write('.');
      }
      results.set(label, runs);
    }
  } finally {
    chrome.kill();
  }
  const head = `${'perf'.padStart(4)} ${'worst'.padStart(5)} ${'FCP s'.padStart(5)} ${'LCP s'.padStart(5)} ${'TBT'.padStart(5)} ${'worst'.padStart(6)} ${'CLS'.padStart(6)} ${'JS KB'.padStart(5)} ${'req'.padStart(4)}`;
  console.log(`\n\nLighthouse mobile, median of ${RUNS} interleaved runs per side (worst run in brackets; JS KB: scripts transferred; req: all requests)\n`);
  console.log(`${''.padEnd(14)} | baseline ${commit.slice(0, 12)}${''.padEnd(23)} | this checkout ${current}`);
  console.log(`${'page'.padEnd(14)} | ${head} | ${head}`);
  for (const [label, runs] of results) console.log(`${label.padEnd(14)} | ${cell(summary(runs.baseline))} | ${cell(summary(runs.current))}`);
  console.log(`\nAims: score drop ≤ ${AIMS.scoreDrop}, TBT rise ≤ ${AIMS.tbtRise} ms (medians)`);
  for (const [label, runs] of results) {
    const before = summary(runs.baseline).median;
    const after = summary(runs.current).median;
    const scoreDrop = before.performance - after.performance;
    const tbtRise = Math.round(after.tbt - before.tbt);
    const misses = [scoreDrop > AIMS.scoreDrop && `score −${scoreDrop}`, tbtRise > AIMS.tbtRise && `TBT +${tbtRise} ms`].filter(Boolean);
    console.log(
      `  ${label.padEnd(14)} score ${scoreDrop > 0 ? '−' : '+'}${Math.abs(scoreDrop)}, TBT ${signed(tbtRise)} ms, JS ${signed(after.jsKb - before.jsKb)} KB: ${misses.length === 0 ? 'within the aims' : `misses: ${misses.join(', ')}`}`,
    );
  }
}

async function longTasks(pages: [string, string][], baseline: Shop, candidate: Shop): Promise<void> {
  const tasks = await compareLongTasks(
    pages.map(([, pagePath]) => [baseline.url + pagePath, candidate.url + pagePath]),
    RUNS,
  );
  console.log(
    `\n\nMain-thread long tasks observed in Chromium (4× CPU), median of ${RUNS} interleaved loads per side: blocking ms after FCP / over the whole load\n`,
  );
  console.log(
    `${'page'.padEnd(14)} | ${'baseline'.padStart(15)} | ${'this checkout'.padStart(15)} | ${'difference'.padEnd(16)} | other remotes' frames (ms): baseline → this`,
  );
  pages.forEach(([label], index) => {
    const [before, after] = tasks[index]!;
    console.log(
      `${label.padEnd(14)} | ${`${before.blockingAfterFcp} / ${before.blockingAll}`.padStart(15)} | ${`${after.blockingAfterFcp} / ${after.blockingAll}`.padStart(15)} | ${`${signed(after.blockingAfterFcp - before.blockingAfterFcp)} / ${signed(after.blockingAll - before.blockingAll)} ms`.padEnd(16)} | ${before.widgetFrames} (${before.widgetBlocking}) → ${after.widgetFrames} (${after.widgetBlocking})`,
    );
  });
  console.log(
    "\nOther remotes' frames: long animation frames that ran code of a remote other than the route's (a header widget's), and their blocking ms — no interaction happens, so all before the first one.",
  );
}

async function main() {
  const { dir, commit } = prepareBaseline(BASELINE);
  const current = git('rev-parse', '--short=12', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? ' (with changes)' : '');
  const baseline = await startShopIn(dir, 4910, 'baseline');
  let candidate: Shop | null = null;
  try {
    candidate = await startShopIn(REPO_ROOT, 4920, 'current');
    const wanted = PAGES ? PAGES.split(',') : null;
    const pages = (await benchPages(candidate.url)).filter(([label]) => !wanted || wanted.includes(label));
    if (ONLY !== 'tasks') await lighthouse(pages, baseline, candidate, commit, current);
    if (ONLY !== 'lighthouse') await longTasks(pages, baseline, candidate);
  } finally {
    candidate?.stop();
    baseline.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
