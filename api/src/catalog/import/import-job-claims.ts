import type { Db } from '../../db/database';
import { optionsJson, RUNNING, sha256Of, withJobsLock, type ImportJobOptions, type ImportSubmission } from './import-jobs';

/**
 * Who runs which import job, and when (docs/catalogue.md, "Imports as jobs"). One import runs at
 * a time per shop — two would wait on each other's row locks and interleave their reports — so
 * a job is taken only while no other one runs, decided under the jobs' lock (import-jobs.ts).
 * The one running holds a lease it renews as it goes (LEASE_MS, every HEARTBEAT_MS): an instance
 * that died mid-import stops renewing, and its job is taken again — by another instance once the
 * lease has run out, or by the same one as soon as it is back (it knows its own name). Running
 * it again is safe: an import is one transaction (the dead instance's was rolled back with its
 * connection) and the file is in the row. A job that has lost its instance MAX_ATTEMPTS times is
 * failed with the reason, never left half done.
 */
const LEASE_MS = 30_000;
/** A lease renewed this often survives an event loop busy for most of LEASE_MS (a full catalogue reload). */
export const HEARTBEAT_MS = 5_000;
const MAX_ATTEMPTS = 3;

/** A job this runner now holds, with what it needs to run it. */
export interface ClaimedJob {
  id: number;
  /** Which try this is: the lease and every write of the run name it, so a run taken over writes nothing more. */
  attempts: number;
  runner: string;
  file: Buffer;
  fileName: string;
  options: ImportJobOptions;
}

/** A step of a run: the committed report while the instance shows the change, then how it ended. */
export type JobStep =
  { state: 'applying' | 'done'; report: object; refusedCsv: string | null } | { state: 'refused'; refusal: object } | { state: 'failed'; error: string };

interface RunningRow {
  id: number;
  via: 'api' | 'cli';
  instance: string | null;
  lease_until: string | null;
  attempts: number;
  report: string | null;
}

const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

/**
 * The job `runner` (an instance's host:port) should run now, claimed for it — or null when
 * another one is running or none waits. The caller runs nothing else meanwhile, so a running job
 * that names this runner is not running: a previous life's (a restart on the same port), or a
 * run of this one that ended without its outcome kept (the database went away).
 * A job whose runner is gone:
 * - had committed (its report is stored; its instance died while showing the change) → done;
 * - was run by the command (`npm run catalog:import` straight on the database) → failed: the
 *   operator who ran it saw it stop, and a shop must not run an import nobody waits for;
 * - was tried MAX_ATTEMPTS times → failed, saying so;
 * - otherwise → taken again by this runner.
 * Then the oldest queued job. `settled` hears how each gone runner's job was ended here, once committed.
 */
export async function claimNextJob(db: Db, runner: string, now: Date, settled?: (state: 'done' | 'failed') => void): Promise<ClaimedJob | null> {
  const at = now.toISOString();
  const ended: ('done' | 'failed')[] = [];
  const claimed = await withJobsLock(db, async (trx) => {
    const running: RunningRow[] = await trx
      .selectFrom('import_job')
      .select(['id', 'via', 'instance', 'lease_until', 'attempts', 'report'])
      .where('state', 'in', RUNNING)
      .orderBy('id')
      .execute();
    let again: number | null = null;
    for (const job of running) {
      const gone = job.instance === runner || job.lease_until === null || job.lease_until <= at;
      if (!gone) return null;
      const end = endOfOrphan(job);
      if (end === null && again === null) again = job.id;
      else if (end !== null) {
        await trx
          .updateTable('import_job')
          .set({ ...end, finished_at: at, lease_until: null })
          .where('id', '=', job.id)
          .execute();
        ended.push(end.state);
      }
    }
    const id = again ?? (await trx.selectFrom('import_job').select('id').where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst())?.id;
    if (id === undefined) return null;
    const row = await trx
      .updateTable('import_job')
      .set((eb) => ({
        state: 'checking',
        instance: runner,
        attempts: eb('attempts', '+', 1),
        lease_until: leaseEnd(now),
        started_at: eb.fn.coalesce('started_at', eb.val(at)),
      }))
      .where('id', '=', id)
      .returning(['id', 'attempts', 'file', 'file_name', 'options'])
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      attempts: row.attempts,
      runner,
      // Only finished jobs' files are ever dropped (import-jobs.ts, dropOldFiles).
      file: row.file as Buffer,
      fileName: row.file_name,
      options: JSON.parse(row.options) as ImportJobOptions,
    };
  });
  for (const state of ended) settled?.(state);
  return claimed;
}

/** How a job whose runner is gone ends, or null: it is run again. */
function endOfOrphan(job: RunningRow): { state: 'done' | 'failed'; error?: string } | null {
  if (job.report !== null) return { state: 'done' };
  if (job.via === 'cli') return { state: 'failed', error: `the command running it (${job.instance}) stopped before it finished: nothing of it was applied` };
  if (job.attempts >= MAX_ATTEMPTS)
    return {
      state: 'failed',
      error: `its instance stopped ${job.attempts} times before it finished (the last: ${job.instance}): nothing of it was applied`,
    };
  return null;
}

/**
 * The command's own job (`npm run catalog:import` straight on the database): stored as a job that
 * `runner` (the command's process) already runs — no instance ever takes it — or, while another
 * import runs, nothing: `busy` is that one, and the command waits its turn. A running job whose
 * lease ran out does not hold the command back (an instance settles it).
 */
export async function startCommandJob(
  db: Db,
  submission: ImportSubmission,
  runner: string,
  now: Date,
): Promise<{ claimed: ClaimedJob; busy?: undefined } | { busy: { id: number; fileName: string; instance: string | null } }> {
  const at = now.toISOString();
  return withJobsLock(db, async (trx) => {
    const busy = await trx
      .selectFrom('import_job')
      .select(['id', 'file_name', 'instance'])
      .where('state', 'in', RUNNING)
      .where('lease_until', '>', at)
      .orderBy('id')
      .executeTakeFirst();
    if (busy) return { busy: { id: busy.id, fileName: busy.file_name, instance: busy.instance } };
    const { id } = await trx
      .insertInto('import_job')
      .values({
        state: 'checking',
        file: submission.file,
        file_sha256: sha256Of(submission.file),
        file_name: submission.fileName,
        file_size: submission.file.length,
        options: optionsJson(submission.options),
        via: submission.via,
        submitted_by: submission.submittedBy,
        token_id: submission.tokenId,
        created_at: at,
        started_at: at,
        instance: runner,
        attempts: 1,
        lease_until: leaseEnd(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { claimed: { id, attempts: 1, runner, file: submission.file, fileName: submission.fileName, options: submission.options } };
  });
}

/** This run's writes: only while the job is still this try of this runner (a run taken over changes nothing more). */
function ownRun(db: Db, claimed: ClaimedJob) {
  return db.kysely
    .updateTable('import_job')
    .where('id', '=', claimed.id)
    .where('instance', '=', claimed.runner)
    .where('attempts', '=', claimed.attempts)
    .where('state', 'in', RUNNING);
}

/** Renews the lease; false when the job is no longer this run's (it was taken over). */
export async function renewLease(db: Db, claimed: ClaimedJob, now: Date): Promise<boolean> {
  const result = await ownRun(db, claimed)
    .set({ lease_until: leaseEnd(now) })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a step of the run; false when the job is no longer this run's. */
export async function recordStep(db: Db, claimed: ClaimedJob, step: JobStep, now: Date): Promise<boolean> {
  const result = await ownRun(db, claimed).set(columnsOf(step, now)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function columnsOf(step: JobStep, now: Date) {
  const ended = { finished_at: now.toISOString(), lease_until: null };
  switch (step.state) {
    case 'applying':
      return { state: step.state, report: JSON.stringify(step.report), refused_csv: step.refusedCsv, lease_until: leaseEnd(now) };
    case 'done':
      return { state: step.state, report: JSON.stringify(step.report), refused_csv: step.refusedCsv, ...ended };
    case 'refused':
      return { state: step.state, refusal: JSON.stringify(step.refusal), ...ended };
    case 'failed':
      return { state: step.state, error: step.error, ...ended };
  }
}
