import fs from 'node:fs';
import path from 'node:path';
import type { ImportJob } from '../api/public/catalog-import';
import { loadConfig } from '../api/public/config';
import { openDatabase, migrateToLatest } from '../api/public/database';
import { databaseTarget } from './lib/catalog-import/database-target';
import { parseArguments, refusedFileOf, UsageError, USAGE, type CliArguments, type Command } from './lib/catalog-import/import-cli-options';
import { historyLine, outcomeLines, profileLines } from './lib/catalog-import/import-job-lines';
import { OutcomeUnknown, TargetRefused, type ImportTarget } from './lib/catalog-import/import-target';
import { shopTarget } from './lib/catalog-import/shop-target';
import { registryTarget } from './lib/registry-cli-options';
import { unreachable } from './lib/registry-client';

/**
 * `npm run catalog:import` (docs/catalogue.md, "Importing prices and stock", "Imports as jobs",
 * "Profiles"; USAGE below): a supplier's file imported through a running shop — as a job the
 * shop runs, followed to its true end — or straight on the database; the history of imports;
 * suppliers' saved profiles.
 */
const say = (line: string) => console.log(line);

async function targetOf({ shop, token }: CliArguments): Promise<ImportTarget> {
  if (shop !== null) {
    const target = registryTarget({ shop: shop || undefined, token });
    say(`shop: ${target.shop} (${target.source})`);
    // A shop that is not there is said at once, with where its URL came from — not after minutes
    // of asking again, and not as "the file may or may not have arrived".
    const health = await fetch(new URL('/api/health', target.shop), { signal: AbortSignal.timeout(15_000) }).catch((error: unknown) => error);
    if (health instanceof Error) throw new TargetRefused(unreachable(target.shop, target.source, health));
    return shopTarget(target.shop, target.token, say);
  }
  const db = openDatabase(loadConfig().databaseUrl);
  await migrateToLatest(db);
  return databaseTarget(db, say);
}

async function run(command: Exclude<Command, { kind: 'help' }>, target: ImportTarget): Promise<number> {
  switch (command.kind) {
    case 'history': {
      const jobs = await target.history(command.limit);
      console.log(jobs.length > 0 ? jobs.map(historyLine).join('\n') : `no imports yet (${target.describe})`);
      return 0;
    }
    case 'profiles': {
      const profiles = await target.profiles();
      console.log(profiles.length > 0 ? profiles.flatMap(profileLines).join('\n') : `no saved profiles (${target.describe})`);
      return 0;
    }
    case 'status': {
      const job = await target.job(command.id, say);
      if (!job) throw new TargetRefused(`no import job #${command.id} (${target.describe})`);
      return tellOutcome(job, null, target);
    }
    case 'import': {
      if (command.saveProfile) {
        const saved = await target.saveProfile(command.saveProfile);
        say(`profile ${saved.profile.name} ${saved.created ? 'saved' : 'replaced'} (${target.describe})`);
      }
      if (command.file === null) return 0;
      if (!fs.existsSync(command.file)) throw new TargetRefused(`no file ${command.file}`);
      const job = await target.importFile(fs.readFileSync(command.file), command.job, say);
      return tellOutcome(job, command.file, target);
    }
  }
}

/** Prints how a job ended — and, with rows refused, writes them beside the file — and answers the exit status. */
async function tellOutcome(job: ImportJob, file: string | null, target: ImportTarget): Promise<number> {
  const { out, err } = outcomeLines(job, file ? path.basename(file) : job.fileName);
  for (const line of out) console.log(line);
  for (const line of err) console.error(line);
  const refused = job.state === 'done' ? await target.refusedCsv(job) : null;
  if (refused !== null) {
    const where = refusedFileOf(file ?? job.fileName);
    fs.writeFileSync(where, refused);
    say(`  the refused rows, with their problem, are in ${where}: fix them there and import that file`);
  }
  return job.state === 'done' ? 0 : 1;
}

async function main(): Promise<number> {
  let cli: CliArguments;
  try {
    cli = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (cli.command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const target = await targetOf(cli);
  try {
    return await run(cli.command, target);
  } catch (error) {
    if (error instanceof OutcomeUnknown) {
      const follow = error.jobId === null ? '' : ` It goes on there: npm run catalog:import -- status ${error.jobId} --shop ${target.describe}`;
      console.error(`${error.message}: its outcome is not known here.${follow}`);
      return 3;
    }
    throw error;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
