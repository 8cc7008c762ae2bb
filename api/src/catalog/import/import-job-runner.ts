import type { Db } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { importCatalog, type ImportOptions } from './apply-import';
import { HEARTBEAT_MS, recordStep, renewLease, type ClaimedJob, type JobStep } from './import-job-claims';
import type { ImportJobOptions, ImportJobState } from './import-jobs';
import { refusalOf } from './import-report';

export interface RunJobOptions {
  /** The import's moment: the shop's clock (prices and the price history are dated with it). */
  clock: () => Date;
  /** After the commit, before the job is done: this instance shows the change (its catalogue sync). */
  showChange?: () => Promise<unknown>;
  /** True once the worker is stopping: an error then is the shutdown's, and the job is left to its lease. */
  stopping?: () => boolean;
  log: { warn(message: string): void };
}

/** What a job asks of the import, at the moment it runs. */
function importOptionsOf(options: ImportJobOptions, now: Date): ImportOptions {
  return {
    now,
    dryRun: options.dryRun,
    skipBadRows: options.skipBadRows,
    format: options.format ?? undefined,
    encoding: options.encoding ?? undefined,
    sheet: options.sheet ?? undefined,
    profile: options.profile ?? undefined,
  };
}

/**
 * Runs a claimed job to its end (docs/catalogue.md, "Imports as jobs"): the import
 * (apply-import.ts: read, check, and — when good — write in one transaction) while the lease is
 * renewed beside it; then the outcome, kept in the job's row: `refused` with the problems,
 * `failed` with the reason, or the report — `applying` while this instance shows the change,
 * then `done`. Answers how the job ended, or null when the run was taken over (another instance
 * found its lease run out) or the database went away (the job is taken again when it is back).
 * Job times and leases run on the wall clock.
 */
export async function runImportJob(db: Db, claimed: ClaimedJob, options: RunJobOptions): Promise<ImportJobState | null> {
  const name = `import job #${claimed.id}`;
  const record = async (step: JobStep): Promise<boolean> => {
    if (await recordStep(db, claimed, step, new Date())) return true;
    options.log.warn(`${name}: taken over by another run before this one (${claimed.runner}) finished; that run's outcome stands`);
    return false;
  };
  const heartbeat = setInterval(() => {
    renewLease(db, claimed, new Date()).catch((error: unknown) => options.log.warn(`${name}: lease not renewed: ${messageOf(error)}`));
  }, HEARTBEAT_MS);
  try {
    let outcome;
    try {
      outcome = await importCatalog(db, claimed.file, importOptionsOf(claimed.options, options.clock()));
    } catch (error) {
      // Nothing of it was written (one transaction). A database away or a shop stopping is not the file's fault: the job is run again.
      if (isDatabaseUnavailable(error) || options.stopping?.()) {
        options.log.warn(`${name}: interrupted (${messageOf(error)}); it is run again`);
        return null;
      }
      return (await record({ state: 'failed', error: `the import stopped with an error, nothing of it was applied: ${messageOf(error)}` })) ? 'failed' : null;
    }
    if (!outcome.ok) {
      return (await record({ state: 'refused', refusal: refusalOf(outcome.rows, outcome.problems, outcome.ignoredColumns) })) ? 'refused' : null;
    }
    let report: object = outcome.report;
    if (options.showChange && !outcome.report.dryRun && outcome.report.productsChanged > 0) {
      // Committed: the report is kept now, so an instance dying from here on leaves a job that is done, not one to run again.
      if (!(await record({ state: 'applying', report, refusedCsv: outcome.refusedCsv }))) return null;
      const started = performance.now();
      try {
        await options.showChange();
        report = { ...report, refreshMs: Math.round(performance.now() - started) };
      } catch (error) {
        // The change is committed; this instance's catalogue catches up at its next read of the change log.
        options.log.warn(`${name}: committed, but this instance's catalogue did not follow yet: ${messageOf(error)}`);
      }
    }
    return (await record({ state: 'done', report, refusedCsv: outcome.refusedCsv })) ? 'done' : null;
  } finally {
    clearInterval(heartbeat);
  }
}

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);
