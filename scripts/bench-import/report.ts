import type { RunFigures } from './import-run';

/** The benchmark's lines: one per run as it ends, then the table of every file beside its baseline, and where the time went. */

export type FileKind = 'baseline' | 'csv1250' | 'xlsx';
export const FILE_KINDS: FileKind[] = ['baseline', 'csv1250', 'xlsx'];
export const KIND_LABEL: Record<FileKind, string> = {
  baseline: 'baseline: UTF-8 CSV sku;price;qty',
  csv1250: 'Windows-1250 CSV, Polish headers',
  xlsx: 'XLSX, Polish headers',
};

/** Issue #49's aims: every instance shows a 10,000-row file within 10 s; the importing instance ≤ 300 MB above its rest. */
export const AIM_VISIBLE_S = 10;
export const AIM_VISIBLE_ROWS = 10_000;
export const AIM_RSS_MB = 300;

export interface FileResult {
  rows: number;
  kind: FileKind;
  bytes: number;
  /** Reading the file alone, in the benchmark's process (the import's own reader): seconds. */
  parseS: number;
  runs: RunFigures[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const worst = (values: number[]) => (values.length === 0 ? NaN : Math.max(...values));
const seconds = (value: number | null) => (value === null || Number.isNaN(value) ? '—' : Number.isFinite(value) ? value.toFixed(1) : 'never');
const pair = (values: (number | null)[]) => {
  const known = values.map((value) => value ?? Infinity);
  return `${seconds(worst(known))} · ${seconds(median(known))}`;
};

export const visibleOnAll = (run: RunFigures) => worst(run.visibleS);
/** The importing instance's peak above its rest (MB); NaN when the job's instance is unknown. */
export const importerRss = (run: RunFigures) => (run.importer >= 0 ? run.rssPeakMb[run.importer] - run.rssRestMb[run.importer] : NaN);
/** The largest rise of an instance that did not run the job (it applied the change). */
const otherRss = (run: RunFigures) => worst(run.rssPeakMb.map((peak, i) => peak - run.rssRestMb[i]).filter((_, i) => i !== run.importer));

/** One run's line, printed as it ends. */
export function runLine(result: Pick<FileResult, 'rows' | 'kind'>, index: number, run: RunFigures, names: string[]): string {
  const report = (run.job?.report ?? {}) as {
    ms?: number;
    refreshMs?: number;
    productsChanged?: number;
    pricesChanged?: number;
    stockChanged?: number;
    detailsChanged?: number;
  };
  const importer = run.importer >= 0 ? names[run.importer] : '?';
  const visible = run.visibleS.map((s, i) => `${names[i]} ${seconds(s)}`).join(', ');
  const rss = run.rssPeakMb.map((peak, i) => `${names[i]} ${run.rssRestMb[i].toFixed(0)}→${peak.toFixed(0)}`).join(', ');
  return (
    `  ${result.rows.toLocaleString('en-GB')} ${result.kind} run ${index}: exit ${run.exitCode}, job #${run.job?.id ?? '?'} ${run.job?.state ?? '?'} on ${importer}; ` +
    `running at ${seconds(run.startedS)} s, checked ${seconds(run.checkedS)} s (import ${report.ms ?? '?'} ms), applied ${seconds(run.appliedS)} s (own refresh ${report.refreshMs ?? '?'} ms), ` +
    `visible ${visible} s, command exit ${seconds(run.cliS)} s; changed ${report.productsChanged ?? '?'} SKUs (prices ${report.pricesChanged ?? '?'}, stock ${report.stockChanged ?? '?'}, details ${report.detailsChanged ?? '?'}); ` +
    `RSS MB rest→peak ${rss}; CPU s ${run.cpuS.instances.map((cpu, i) => `${names[i]} ${cpu.toFixed(1)}`).join(', ')}, postgres ${run.cpuS.postgres.toFixed(1)}` +
    (run.outS.some((s) => s > 0)
      ? `; out of the balancer ${run.outS.map((s, i) => `${names[i]} ${s.toFixed(1)}`).join(', ')} s, none up ${run.noneUpS.toFixed(1)} s`
      : '; both instances in the balancer throughout') +
    ((run.job?.attempts ?? 1) > 1 || (run.job?.state === 'done' && report.refreshMs === undefined)
      ? `; the job was settled as done by another instance's worker, not by its own (tried ${run.job?.attempts ?? '?'} time(s)): its lease ran out while its instance was busy`
      : '') +
    (run.exitCode === 0 ? '' : `\n    the command said: ${run.said}`)
  );
}

/**
 * The table: per rows and file, the worst run and the median, the aims, and each figure against
 * its baseline's. `restAtStart`: each instance's RSS before the first import — what an instance
 * keeps of the imports before shows as the peak above it ("over start").
 */
export function summaryTable(results: FileResult[], restAtStart: number[]): string[] {
  const lines: string[] = [];
  const header = [
    'rows'.padStart(7),
    'file'.padEnd(34),
    'runs',
    'checked s'.padStart(12),
    'applied s'.padStart(12),
    'visible on all s'.padStart(17),
    'exit s'.padStart(7),
    'RSS +MB'.padStart(8),
    'over start'.padStart(10),
    '(other)'.padStart(8),
    'none up s'.padStart(9),
    'aim',
  ];
  lines.push(
    "Summary (seconds from the command start; worst · median of the runs. RSS +MB: the importing instance's peak above its rest just before the run; " +
      "over start: above its rest before the first import; (other): the other instance's rise; none up: seconds HAProxy had no instance up — every request 503; worst run each):",
  );
  lines.push(`  ${header.join('  ')}`);
  for (const result of results) {
    const runs = result.runs;
    const baseline = results.find((other) => other.rows === result.rows && other.kind === 'baseline');
    const visible = runs.map(visibleOnAll);
    const rss = worst(runs.map(importerRss));
    const aims: string[] = [];
    if (result.rows <= AIM_VISIBLE_ROWS) aims.push(`visible ≤ ${AIM_VISIBLE_S} s: ${worst(visible) <= AIM_VISIBLE_S ? 'met' : 'missed'}`);
    aims.push(`RSS ≤ ${AIM_RSS_MB} MB: ${Number.isNaN(rss) ? '?' : rss <= AIM_RSS_MB ? 'met' : 'missed'}`);
    const failed = runs.filter((run) => run.exitCode !== 0 || run.job?.state !== 'done').length;
    if (failed > 0) aims.push(`${failed} run(s) not done or exit ≠ 0`);
    if (baseline && baseline !== result) aims.push(`visible ×${(worst(visible) / worst(baseline.runs.map(visibleOnAll))).toFixed(2)} the baseline's`);
    lines.push(
      `  ${[
        result.rows.toLocaleString('en-GB').padStart(7),
        KIND_LABEL[result.kind].padEnd(34),
        String(runs.length).padStart(4),
        pair(runs.map((run) => run.checkedS)).padStart(12),
        pair(runs.map((run) => run.appliedS)).padStart(12),
        pair(visible).padStart(17),
        seconds(worst(runs.map((run) => run.cliS))).padStart(7),
        (Number.isNaN(rss) ? '?' : rss.toFixed(0)).padStart(8),
        worst(runs.map((run) => (run.importer >= 0 ? run.rssPeakMb[run.importer] - restAtStart[run.importer] : NaN)))
          .toFixed(0)
          .padStart(10),
        `(${worst(runs.map(otherRss)).toFixed(0)})`.padStart(8),
        worst(runs.map((run) => run.noneUpS))
          .toFixed(1)
          .padStart(9),
        aims.join('; '),
      ].join('  ')}`,
    );
  }
  lines.push('');
  lines.push('Where the time went (medians of the runs; seconds):');
  lines.push(
    `  ${[
      'rows'.padStart(7),
      'file'.padEnd(34),
      'size MB'.padStart(7),
      'read alone'.padStart(10),
      'job runs at'.padStart(11),
      'import'.padStart(7),
      'own refresh'.padStart(11),
      'done→all'.padStart(8),
      'CPU: importer · other · postgres',
    ].join('  ')}`,
  );
  for (const result of results) {
    const runs = result.runs;
    const report = (run: RunFigures) => (run.job?.report ?? {}) as { ms?: number; refreshMs?: number };
    const importerCpu = median(runs.map((run) => (run.importer >= 0 ? run.cpuS.instances[run.importer] : NaN)));
    const otherCpu = median(runs.map((run) => worst(run.cpuS.instances.filter((_, i) => i !== run.importer))));
    lines.push(
      `  ${[
        result.rows.toLocaleString('en-GB').padStart(7),
        KIND_LABEL[result.kind].padEnd(34),
        (result.bytes / 2 ** 20).toFixed(1).padStart(7),
        result.parseS.toFixed(2).padStart(10),
        seconds(median(runs.map((run) => run.startedS ?? NaN))).padStart(11),
        seconds(median(runs.map((run) => (report(run).ms ?? NaN) / 1000))).padStart(7),
        seconds(median(runs.map((run) => (report(run).refreshMs ?? NaN) / 1000))).padStart(11),
        seconds(median(runs.map((run) => visibleOnAll(run) - (run.appliedS ?? NaN)))).padStart(8),
        `${importerCpu.toFixed(1)} · ${otherCpu.toFixed(1)} · ${median(runs.map((run) => run.cpuS.postgres)).toFixed(1)}`,
      ].join('  ')}`,
    );
  }
  lines.push(
    "  (job runs at: the command started, sent the file, the job claimed; import: the job's read + check + write + commit (its report's ms); " +
      'own refresh: the importing instance brings its catalogue up to date before `done`; done→all: until the last instance shows the probes — negative when the other one showed them first)',
  );
  return lines;
}
