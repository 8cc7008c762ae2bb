import { createHash } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ImportJobTable } from '../../db/schema';
import type { ImportEncoding, ImportFormat, ImportProfile } from './import-profile';

/**
 * Catalogue imports as jobs (docs/catalogue.md, "Imports as jobs"): the file is stored in
 * `import_job` when it is sent, the answer comes at once, and a worker on one of the instances
 * runs it (import-job-worker.ts) — so a balancer's timeout or a dropped connection can no longer
 * tell the operator "failed" about an import that committed. This file is the table's store:
 * sending a job (the same file with the same options while its job is still queued or running
 * is that job), reading one, the history, and dropping old files. Claiming and running are in
 * import-job-claims.ts and import-job-runner.ts.
 */
export type ImportJobState = ImportJobTable['state'];

/** Waiting, or being run: a job sent again in these states is the same job. */
const UNFINISHED: ImportJobState[] = ['queued', 'checking', 'applying'];
/** Being run by an instance (or the command), under its lease. */
export const RUNNING: ImportJobState[] = ['checking', 'applying'];

/** What a job is asked besides its file: the import's options less its moment, taken when it runs. */
export interface ImportJobOptions {
  dryRun: boolean;
  skipBadRows: boolean;
  format: ImportFormat | null;
  encoding: ImportEncoding | null;
  sheet: string | null;
  /** The saved profile as it was when the job was sent: a later change to it does not change this job. */
  profile: ImportProfile | null;
}

/** A job as the API answers and the command prints it (no file bytes). */
export interface ImportJob {
  id: number;
  state: ImportJobState;
  fileName: string;
  fileSize: number;
  sha256: string;
  /** False once the file of a finished job was dropped (FILE_KEPT_DAYS). */
  fileKept: boolean;
  options: Omit<ImportJobOptions, 'profile'> & { profile: string | null };
  via: ImportJobTable['via'];
  submittedBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The instance (host:port) or command that runs it, or ran it last. */
  instance: string | null;
  attempts: number;
  /** The import's report (apply-import.ts) once it committed, or was checked on a dry run. */
  report: unknown;
  /** The problems that refused the file (import-report.ts, `refusalOf`). */
  refusal: unknown;
  error: string | null;
  /** Where the rows refused with skip_bad_rows are, as CSV; null when none were. */
  refusedCsv: string | null;
}

export interface ImportSubmission {
  file: Buffer;
  fileName: string;
  options: ImportJobOptions;
  via: ImportJobTable['via'];
  submittedBy: string;
  tokenId: string | null;
}

/** Finished jobs keep their file this long (to look at or send again); then the row alone stays, as history. */
const FILE_KEPT_DAYS = 30;

/** Both dialects' key for the jobs' lock (PostgreSQL's advisory locks take a number). */
const JOBS_LOCK = 4_902_025;

export const importJobPath = (id: number) => `/api/catalog/import/${id}`;

export const sha256Of = (file: Buffer) => createHash('sha256').update(file).digest('hex');

/** The options as stored: always these keys in this order, so the same options are the same text. */
export function optionsJson(options: ImportJobOptions): string {
  const { dryRun, skipBadRows, format, encoding, sheet, profile } = options;
  return JSON.stringify({ dryRun, skipBadRows, format, encoding, sheet, profile });
}

/**
 * Runs `work` in a transaction that holds the jobs' lock: whoever looks at the running and queued
 * jobs in it and then writes decides alone (PostgreSQL: an advisory lock for the transaction;
 * SQLite: the writer's lock, taken before the first read, as apply-import.ts takes it).
 */
export async function withJobsLock<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${JOBS_LOCK})`.execute(trx);
    else await sql`update import_job set id = id where 0 = 1`.execute(trx);
    return work(trx);
  });
}

/** Every column but the file's bytes, and whether they are still kept. */
const JOB_COLUMNS = [
  'id',
  'state',
  'file_sha256',
  'file_name',
  'file_size',
  'options',
  'via',
  'submitted_by',
  'token_id',
  'created_at',
  'started_at',
  'finished_at',
  'instance',
  'attempts',
  'lease_until',
  'report',
  'refusal',
  'error',
] as const;
type JobRow = Pick<Selectable<ImportJobTable>, (typeof JOB_COLUMNS)[number]> & { file_kept: number; refused_rows: number };

function selectJobs(executor: Db['kysely'] | Transaction<Database>) {
  return executor
    .selectFrom('import_job')
    .select(JOB_COLUMNS)
    .select([
      sql<number>`case when file is null then 0 else 1 end`.as('file_kept'),
      sql<number>`case when refused_csv is null then 0 else 1 end`.as('refused_rows'),
    ]);
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function jobOf(row: JobRow): ImportJob {
  const options = JSON.parse(row.options) as ImportJobOptions;
  return {
    id: row.id,
    state: row.state,
    fileName: row.file_name,
    fileSize: row.file_size,
    sha256: row.file_sha256,
    fileKept: Number(row.file_kept) === 1,
    options: { ...options, profile: options.profile?.name ?? null },
    via: row.via,
    submittedBy: row.submitted_by,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    instance: row.instance,
    attempts: row.attempts,
    report: parsed(row.report),
    refusal: parsed(row.refusal),
    error: row.error,
    refusedCsv: Number(row.refused_rows) === 1 ? `${importJobPath(row.id)}/refused.csv` : null,
  };
}

/**
 * Stores a file as a queued job — or, when the same file (by SHA-256) with the same options is
 * already queued or running, answers that job (`created: false`): an operator or a client sending
 * it again after a lost answer does not import it twice. A job already finished is not reused:
 * importing a file again is a new import (and changes nothing when nothing moved since).
 */
export async function submitImportJob(db: Db, submission: ImportSubmission, now: Date): Promise<{ job: ImportJob; created: boolean }> {
  const sha256 = sha256Of(submission.file);
  const options = optionsJson(submission.options);
  return withJobsLock(db, async (trx) => {
    const same = await selectJobs(trx)
      .where('file_sha256', '=', sha256)
      .where('options', '=', options)
      .where('state', 'in', UNFINISHED)
      .orderBy('id')
      .executeTakeFirst();
    if (same) return { job: jobOf(same), created: false };
    const { id } = await trx
      .insertInto('import_job')
      .values({
        state: 'queued',
        file: submission.file,
        file_sha256: sha256,
        file_name: submission.fileName,
        file_size: submission.file.length,
        options,
        via: submission.via,
        submitted_by: submission.submittedBy,
        token_id: submission.tokenId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { job: jobOf(await selectJobs(trx).where('id', '=', id).executeTakeFirstOrThrow()), created: true };
  });
}

export async function getImportJob(db: Db, id: number): Promise<ImportJob | null> {
  const row = await selectJobs(db.kysely).where('id', '=', id).executeTakeFirst();
  return row ? jobOf(row) : null;
}

/** The newest jobs first. */
export async function listImportJobs(db: Db, limit: number): Promise<ImportJob[]> {
  const rows = await selectJobs(db.kysely).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(jobOf);
}

/** The rows a job refused with skip_bad_rows, as the CSV to fix and import again; null when there are none (or no such job). */
export async function refusedCsvOf(db: Db, id: number): Promise<string | null> {
  const row = await db.kysely.selectFrom('import_job').select('refused_csv').where('id', '=', id).executeTakeFirst();
  return row?.refused_csv ?? null;
}

/**
 * Drops the file (and the refused rows, a part of it) of jobs finished over FILE_KEPT_DAYS ago:
 * a supplier's daily 16-MiB file would otherwise grow the database by gigabytes a year. The rows
 * stay: who imported what, when, its hash and its report are the history.
 */
export async function dropOldFiles(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FILE_KEPT_DAYS * 24 * 60 * 60_000).toISOString();
  const result = await db.kysely
    .updateTable('import_job')
    .set({ file: null, refused_csv: null })
    .where('state', 'not in', UNFINISHED)
    .where('finished_at', '<', before)
    .where((eb) => eb.or([eb('file', 'is not', null), eb('refused_csv', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
