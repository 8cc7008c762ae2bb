import os from 'node:os';
import type { Db } from '../../../api/public/database';
import {
  startCommandJob,
  runImportJob,
  getImportJob,
  listImportJobs,
  refusedCsvOf,
  type ImportJobOptions,
  type ImportSubmission,
  checkProfile,
  findProfile,
  listProfiles,
  saveProfile,
  unknownProfileMessage,
} from '../../../api/public/catalog-import';
import { followJob, TargetRefused, type ImportTarget } from './import-target';

/** While another import runs, the command asks again this often. */
const WAIT_MS = 1_000;

/**
 * The database itself as `npm run catalog:import` without `--shop` uses it: the import runs in
 * this process (apply-import.ts, as an instance's worker runs it) and is recorded as a job in the
 * shop's history — who ran it (this user and host), the file's hash, the outcome. Like the
 * instances it runs one import at a time: while a job runs, it waits for its turn. On PostgreSQL
 * the commit tells every running instance (LISTEN/NOTIFY); on SQLite they read it within 2 s.
 */
export function databaseTarget(db: Db, log: (line: string) => void): ImportTarget {
  const user = os.userInfo().username;
  const who = `${user}@${os.hostname()} (command line)`;
  const runner = `${os.hostname()} pid ${process.pid} (npm run catalog:import)`;
  const existingJob = async (id: number) => {
    const found = await getImportJob(db, id);
    if (!found) throw new TargetRefused(`import job #${id} is gone`);
    return found;
  };

  return {
    describe: `the database (${db.dialect})`,

    async importFile(file, request, said) {
      const saved = request.profile === null ? null : await findProfile(db, request.profile);
      if (request.profile !== null && !saved) throw new TargetRefused(await unknownProfileMessage(db, request.profile));
      const options: ImportJobOptions = {
        dryRun: request.dryRun,
        skipBadRows: request.skipBadRows,
        format: request.format,
        encoding: request.encoding,
        sheet: request.sheet,
        profile: saved?.profile ?? null,
      };
      const submission: ImportSubmission = { file, fileName: request.fileName, options, via: 'cli', submittedBy: who, tokenId: null };
      let told = '';
      for (;;) {
        const turn = await startCommandJob(db, submission, runner, new Date()).then(
          (started) => (started.busy ? `import job #${started.busy.id} (${started.busy.fileName}) is running on ${started.busy.instance}` : started.claimed),
          (error: unknown) => {
            // SQLite: a shop's import holds the one writer's lock past the 5-s busy timeout.
            if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return 'another import holds the database';
            throw error;
          },
        );
        if (typeof turn === 'string') {
          if (turn !== told) log(`waiting: ${(told = turn)}`);
          await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
          continue;
        }
        said(`${request.fileName}: import job #${turn.id}, run here`);
        await runImportJob(db, turn, { clock: () => new Date(), log: { warn: log } });
        return existingJob(turn.id);
      }
    },

    async job(id, said) {
      const found = await getImportJob(db, id);
      return found && said ? followJob(found, () => existingJob(id), said) : found;
    },

    history: (limit) => listImportJobs(db, limit),
    async refusedCsv(job) {
      const csv = await refusedCsvOf(db, job.id);
      return csv === null ? null : Buffer.from(csv, 'utf8');
    },

    async saveProfile({ name, settings }) {
      const checked = checkProfile(name, settings);
      if (!checked.ok) throw new TargetRefused(`the profile has problems: ${checked.problems.join('; ')}`);
      return saveProfile(db, checked.profile, who, new Date());
    },

    profiles: () => listProfiles(db),
    close: () => db.close(),
  };
}
