import { type ImportReport, type ImportJob, type SavedProfile, refusalLines, reportLines, type ImportRefusal } from '../../../api/public/catalog-import';

/** How `npm run catalog:import` tells a job: a state change as it follows one, its outcome, a line of the history. */

export const FINISHED = new Set<ImportJob['state']>(['done', 'refused', 'failed']);

/** "import job #12: checking (on sklep-1:3001, try 2)". */
export function stateLine(job: ImportJob): string {
  const where = job.instance && job.state !== 'queued' ? ` on ${job.instance}${job.attempts > 1 ? `, try ${job.attempts}` : ''}` : '';
  return `import job #${job.id}: ${job.state}${where}`;
}

/** The outcome of a finished job: the report (stdout) or the problems and the reason (stderr). */
export function outcomeLines(job: ImportJob, name: string): { out: string[]; err: string[] } {
  if (job.state === 'done') return { out: reportLines(job.report as ImportReport, name), err: [] };
  if (job.state === 'refused') return { out: [], err: refusalLines(job.refusal as ImportRefusal, name) };
  return { out: [], err: [`${name}: import job #${job.id} failed: ${job.error ?? 'no reason was kept'}`] };
}

const minute = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
const count = (n: number | undefined, what: string) => `${n ?? '?'} ${what}${n === 1 ? '' : 's'}`;

/** One job of the history: when, who, which file (its hash), what it came to. */
export function historyLine(job: ImportJob): string {
  const report = job.report as Partial<ImportReport> | null;
  const refusal = job.refusal as Partial<ImportRefusal> | null;
  const counts =
    job.state === 'done' && report
      ? `${count(report.rows, 'row')}, ${count(report.productsChanged, 'product')} changed${report.rowsRefused ? `, ${count(report.rowsRefused, 'row')} refused` : ''}${report.dryRun ? ' (dry run)' : ''}`
      : job.state === 'refused' && refusal
        ? `${count(refusal.problemCount, 'problem')}, nothing changed`
        : job.state === 'failed'
          ? (job.error ?? '')
          : '';
  return [
    `#${job.id}`.padEnd(6),
    minute(job.createdAt),
    job.state.padEnd(8),
    job.fileName,
    `sha256 ${job.sha256.slice(0, 12)}`,
    `by ${job.submittedBy}${job.via === 'api' ? ' (through the shop)' : ''}`,
    counts,
  ]
    .filter(Boolean)
    .join('  ');
}

export function profileLines(saved: SavedProfile): string[] {
  const { name, columns, ...settings } = saved.profile;
  const mapped = Object.entries(columns).map(([header, field]) => `"${header}" → ${field ?? '(ignored)'}`);
  const others = Object.entries(settings).map(([key, value]) => `${key} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  return [`${name} (saved ${minute(saved.updatedAt)} by ${saved.updatedBy})`, `  ${[...mapped, ...others].join(', ')}`];
}
