import type { Db } from '../../db/database';
import { claimNextJob } from './import-job-claims';
import { runImportJob } from './import-job-runner';
import { dropOldFiles } from './import-jobs';

export interface ImportJobWorkerOptions {
  /** The import's moment: the shop's clock. */
  clock: () => Date;
  /** After a job's commit: this instance shows the change before the job is done (catalogSync.syncOnce). */
  showChange: () => Promise<unknown>;
  log: { warn(message: string): void; error(message: string): void };
  /**
   * Each job this instance ended, by outcome — run here, or settled as failed (or done) when its
   * runner was gone — and each run interrupted (taken again later): counted on /metrics
   * (app.ts hands the shop's metrics; docs/operations.md).
   */
  ended?: (outcome: 'done' | 'refused' | 'failed' | 'interrupted') => void;
}

/**
 * How often an idle instance looks for a job: one sent to another instance while this one ran
 * one, or one whose instance died (an instance that is sent a job starts it at once).
 */
const POLL_MS = 2_000;
const DROP_FILES_EVERY_MS = 60 * 60_000;

/**
 * The import jobs' worker on every instance (docs/catalogue.md, "Imports as jobs"): takes queued
 * jobs one at a time (import-job-claims.ts decides which, and that no other instance runs one
 * meanwhile), runs each (import-job-runner.ts), and looks again — at once when this instance was
 * sent a job (`kick`), every POLL_MS otherwise. Once an hour it drops the files of old jobs.
 * It starts when the server listens: its name is this host and port, which a restart on the same
 * port keeps — so a restarted instance takes its own interrupted job again at once.
 */
export class ImportJobWorker {
  private runner: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: ImportJobWorkerOptions,
  ) {}

  start(runner: string): void {
    this.runner = runner;
    this.stopped = false;
    this.timers = [setInterval(() => this.kick(), POLL_MS).unref(), setInterval(() => void this.dropOldFiles(), DROP_FILES_EVERY_MS).unref()];
    void this.dropOldFiles();
    this.kick();
  }

  /**
   * Stops taking jobs. A job under way is not waited for — an import can hold for minutes, and
   * a stopping instance must not — its transaction ends with the process (rolled back unless it
   * committed), and the job is taken again once its lease runs out, or at once by this instance's
   * restart.
   */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Looks for a job now (one pass under way looks again after it). */
  kick(): void {
    if (this.stopped || this.runner === null) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runJobs(this.runner).finally(() => {
      this.running = null;
    });
  }

  private async runJobs(runner: string): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          if (this.stopped) return;
          const claimed = await claimNextJob(this.db, runner, new Date(), (state) => this.options.ended?.(state));
          if (!claimed) break;
          const outcome = await runImportJob(this.db, claimed, { ...this.options, stopping: () => this.stopped });
          if (outcome === 'done' || outcome === 'refused' || outcome === 'failed') this.options.ended?.(outcome);
          else if (outcome === null) this.options.ended?.('interrupted');
        }
      } catch (error) {
        // The database is away: the queue waits for the next poll.
        if (!this.stopped) this.options.log.error(`import jobs not read: ${String((error as Error)?.message ?? error)}`);
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async dropOldFiles(): Promise<void> {
    try {
      await dropOldFiles(this.db, new Date());
    } catch (error) {
      this.options.log.warn(`old import files not dropped: ${String((error as Error)?.message ?? error)}`);
    }
  }
}
