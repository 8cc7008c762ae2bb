import type { ImportJob, SavedProfile } from '../../../api/public/catalog-import';
import type { JobRequest, ProfileRequest } from './import-cli-options';
import { FINISHED, stateLine } from './import-job-lines';

/**
 * Where `npm run catalog:import` sends its work: a running shop over HTTP (shop-target.ts, `--shop`)
 * or the database itself (database-target.ts). Both keep the same jobs and profiles, so the
 * commands are the same on either.
 */
export interface ImportTarget {
  /** "https://sklep.example" or "the database (postgres://…)": what the command says it talks to. */
  describe: string;
  /**
   * Imports a file and answers its job once it ended — run by the shop (followed, telling each
   * state through `said`) or here. Throws OutcomeUnknown when the shop could not be asked.
   */
  importFile(file: Buffer, request: JobRequest, said: (line: string) => void): Promise<ImportJob>;
  /** A job now; with `said`, an unfinished one is followed to its end. Null: no such job. */
  job(id: number, said?: (line: string) => void): Promise<ImportJob | null>;
  history(limit: number): Promise<ImportJob[]>;
  /** The rows a job refused (skip bad rows), as the bytes of a CSV file; null when none. */
  refusedCsv(job: ImportJob): Promise<Buffer | null>;
  saveProfile(profile: ProfileRequest): Promise<SavedProfile & { created: boolean }>;
  profiles(): Promise<SavedProfile[]>;
  close(): Promise<void>;
}

/** The shop could not be asked how a job ended (it goes on there): exit 3, never a reported failure. */
export class OutcomeUnknown extends Error {
  constructor(
    message: string,
    /** The job it was about, once it had one. */
    readonly jobId: number | null = null,
  ) {
    super(message);
  }
}

/** A refusal by the shop or the database that is not the file's (an unknown profile, a bad token…): exit 1 with its words. */
export class TargetRefused extends Error {}

/** How long a followed job is asked about between answers. */
const FOLLOW_EVERY_MS = 500;

/** Asks `read` until the job has ended, telling each state it reaches. */
export async function followJob(first: ImportJob, read: () => Promise<ImportJob>, said: (line: string) => void): Promise<ImportJob> {
  let job = first;
  let told = stateLine(job);
  said(told);
  while (!FINISHED.has(job.state)) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
    try {
      job = await read();
    } catch (error) {
      throw error instanceof OutcomeUnknown ? new OutcomeUnknown(error.message, job.id) : error;
    }
    const line = stateLine(job);
    if (line !== told) said((told = line));
  }
  return job;
}
