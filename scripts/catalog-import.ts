import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { importCatalog, type ImportReport } from '../api/src/catalog/import/apply-import';
import { refusalLines, refusalOf, reportLines, type ImportRefusal } from '../api/src/catalog/import/import-report';
import { parseFlags, registryTarget } from './lib/registry-cli-options';

const USAGE = `usage: npm run catalog:import -- <file.csv|file.json> [--dry-run] [--format csv|json] [--shop [<url>] [--token <token>]]
  Imports a supplier's price and stock file (columns: docs/catalogue.md, "Importing prices and stock").
  Every row is checked first; a file with a problem changes nothing and this exits 1.
  --dry-run         check the file and say what it would change, write nothing
  --format          csv or json when the extension does not say
  --shop [<url>]    send it to a running shop's POST /api/catalog/import (default this machine's shop,
                    with the operator token npm start keeps; --token or KALORYFER_REGISTRY_TOKEN otherwise);
                    without it the import goes straight to the database (DATABASE_URL, else VAR_DIR's SQLite file)`;

type Outcome = { ok: true; report: ImportReport } | { ok: false; refusal: ImportRefusal };

function formatOf(file: string, flag: string | undefined): 'csv' | 'json' | undefined {
  if (flag !== undefined && flag !== 'csv' && flag !== 'json') throw new Error(`--format is csv or json, got "${flag}"`);
  if (flag) return flag;
  const extension = path.extname(file).toLowerCase();
  return extension === '.json' ? 'json' : extension === '.csv' || extension === '.txt' ? 'csv' : undefined;
}

/** Straight on the database: on PostgreSQL the commit tells every running instance (LISTEN/NOTIFY). */
async function importIntoDatabase(bytes: Buffer, format: 'csv' | 'json' | undefined, dryRun: boolean): Promise<Outcome> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const outcome = await importCatalog(db, bytes, { now: new Date(), format, dryRun });
    if (!outcome.ok) return { ok: false, refusal: refusalOf(outcome.rows, outcome.problems) };
    return { ok: true, report: outcome.report };
  } finally {
    await db.close();
  }
}

/** Through a running shop's endpoint: the instance that takes it shows it at once, the others at commit. */
async function importThroughShop(bytes: Buffer, format: 'csv' | 'json' | undefined, dryRun: boolean, flags: Record<string, string>): Promise<Outcome> {
  const { shop, token } = registryTarget({ shop: flags.shop === 'true' ? undefined : flags.shop, token: flags.token });
  const url = new URL(`/api/catalog/import${dryRun ? '?dry_run=true' : ''}`, shop);
  const json = format === 'json' || (format === undefined && /^\s*[[{]/.test(bytes.toString('utf8', 0, 64).replace(/^\uFEFF/, '')));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': json ? 'application/json' : 'text/csv' },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (error) {
    throw new Error(`${shop} cannot be reached: ${String((error as Error).cause ?? (error as Error).message)}`);
  }
  const answer = (await response.json().catch(() => ({ result: `HTTP ${response.status}` }))) as { result: unknown };
  if (response.status === 200) return { ok: true, report: answer.result as ImportReport };
  const result = answer.result as ImportRefusal | string;
  if (response.status === 400 && typeof result === 'object' && Array.isArray(result?.problems)) return { ok: false, refusal: result };
  throw new Error(`${url.origin} answered ${response.status}: ${typeof result === 'string' ? result : JSON.stringify(result)}`);
}

async function main(): Promise<number> {
  const { words, flags } = parseFlags(normaliseShopFlag(process.argv.slice(2)), ['format', 'shop', 'token'], ['dry-run', 'help']);
  if (flags.help || words.length !== 1) {
    console.log(USAGE);
    return flags.help ? 0 : 2;
  }
  const [file] = words;
  if (!fs.existsSync(file)) throw new Error(`no file ${file}`);
  const bytes = fs.readFileSync(file);
  const format = formatOf(file, flags.format);
  const dryRun = flags['dry-run'] === 'true';
  const outcome = flags.shop ? await importThroughShop(bytes, format, dryRun, flags) : await importIntoDatabase(bytes, format, dryRun);
  const name = path.basename(file);
  if (!outcome.ok) {
    for (const line of refusalLines(outcome.refusal, name)) console.error(line);
    return 1;
  }
  for (const line of reportLines(outcome.report, name)) console.log(line);
  return 0;
}

/** `--shop` without a URL after it means this machine's shop: parseFlags wants a value, so it gets "true". */
function normaliseShopFlag(argv: string[]): string[] {
  return argv.flatMap((arg, index) => (arg === '--shop' && !/^https?:\/\//.test(argv[index + 1] ?? '') ? [arg, 'true'] : [arg]));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
