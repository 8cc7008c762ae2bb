import path from 'node:path';
import { IMPORT_ENCODINGS, IMPORT_FIELDS, IMPORT_FORMATS, type ImportEncoding, type ImportFormat } from '../../../api/public/catalog-import';

export const USAGE = `usage: npm run catalog:import -- <file> [--dry-run] [--skip-bad-rows] [--format f] [--encoding e] [--sheet s]
                                      [--profile name | --save-profile name --map "Header=field"… --ignore "Header"… --match ean|sku --xml-record el]
                                      [--shop [<url>] [--token <token>]]
       npm run catalog:import -- history [--limit n] [--shop …]      the imports a shop was sent or given, newest first
       npm run catalog:import -- status <job id> [--shop …]          one import job; an unfinished one is followed to its end
       npm run catalog:import -- profiles [--shop …]                 the saved suppliers' profiles
       npm run catalog:import -- --save-profile name --map … [--shop …]   saves a profile only
  Imports a supplier's price and stock file (docs/catalogue.md, "Importing prices and stock"): every row is checked
  first and a file with a problem changes nothing — unless --skip-bad-rows.
  --dry-run              check the file and say what it would change; write nothing
  --skip-bad-rows        apply the good rows; the refused ones are written beside the file as <name>.odrzucone.csv
                         (the file's columns and a "problem" column): fix them there and import that file
  --format f             ${IMPORT_FORMATS.join(', ')} — else the extension says (.csv/.txt, .json, .xlsx, .xml), else the content
  --encoding e           ${IMPORT_ENCODINGS.join(', ')} — else detected
  --sheet s              an XLSX file's sheet (default the first)
  --profile name         read the file with a saved supplier's profile (its header names, encoding, sheet, XML record)
  --save-profile name    save a profile, then import with it (or only save it when no file is given):
    --map "Header=field"   the supplier's header → an import field (repeat it); fields: ${IMPORT_FIELDS.join(', ')}
    --ignore "Header"      a column to skip without a warning (repeat it)
    --match ean|sku        how a row finds its product (default sku)
    --xml-record el        an XML feed's element that holds one product
                         (--encoding and --sheet are saved with it too)
  --shop [<url>]         through a running shop (default this machine's, with the operator token npm start keeps;
                         --token or KALORYFER_REGISTRY_TOKEN otherwise): the file becomes an import job the shop runs,
                         and this follows it to its end — a balancer's timeout or a dropped connection meanwhile is
                         asked again, never reported as a failure
  without --shop         straight on the database (DATABASE_URL, else VAR_DIR's SQLite file), in this process;
                         recorded in the same history
  Exit status: 0 imported (or checked), 1 refused or failed, 2 a wrong command, 3 the shop could not be asked how it
  ended (the job goes on: status <job id> follows it).`;

export type Command =
  | { kind: 'import'; file: string | null; job: JobRequest; saveProfile: ProfileRequest | null }
  | { kind: 'history'; limit: number }
  | { kind: 'status'; id: number }
  | { kind: 'profiles' }
  | { kind: 'help' };

/** What an import asks, as the command was told. */
export interface JobRequest {
  fileName: string;
  dryRun: boolean;
  skipBadRows: boolean;
  format: ImportFormat | null;
  encoding: ImportEncoding | null;
  sheet: string | null;
  /** A saved profile's name (the one --save-profile saves, or --profile's). */
  profile: string | null;
}

/** A profile to save, as an operator would send it (the shop checks it again: import-profiles.ts). */
export interface ProfileRequest {
  name: string;
  settings: { columns: Record<string, string | null>; match?: string; encoding?: string; sheet?: string; xml?: { record: string } };
}

export interface CliArguments {
  command: Command;
  /** `--shop` alone: this machine's shop (''); a URL: that one; null: straight on the database. */
  shop: string | null;
  token: string | undefined;
}

/** A command line the command cannot run: exit 2 with the reason. */
export class UsageError extends Error {}

const VALUE_FLAGS = ['format', 'encoding', 'sheet', 'profile', 'save-profile', 'match', 'xml-record', 'token', 'limit'];
const REPEATED_FLAGS = ['map', 'ignore'];
const SWITCHES = ['dry-run', 'skip-bad-rows', 'help'];
const COMMANDS = ['history', 'status', 'profiles'];

const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = { '.csv': 'csv', '.txt': 'csv', '.json': 'json', '.xlsx': 'xlsx', '.xml': 'xml' };

/** The command line, checked: every mistake a UsageError naming the flag and what it takes. */
export function parseArguments(argv: string[]): CliArguments {
  const words: string[] = [];
  const single: Record<string, string> = {};
  const repeated: Record<string, string[]> = { map: [], ignore: [] };
  let shop: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const value = argv[i + 1];
    if (name === 'shop') {
      // `--shop` alone is this machine's shop; a URL after it is another.
      shop = /^https?:\/\//.test(value ?? '') ? value : '';
      if (shop) i += 1;
    } else if (SWITCHES.includes(name)) single[name] = 'true';
    else if (VALUE_FLAGS.includes(name) || REPEATED_FLAGS.includes(name)) {
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      if (REPEATED_FLAGS.includes(name)) repeated[name].push(value);
      else single[name] = value;
      i += 1;
    } else throw new UsageError(`unknown option ${arg}`);
  }
  return { command: commandOf(words, single, repeated), shop, token: single.token };
}

function commandOf(words: string[], single: Record<string, string>, repeated: Record<string, string[]>): Command {
  if (single.help) return { kind: 'help' };
  const [first, ...rest] = words;
  if (first === 'history') {
    const limit = single.limit === undefined ? 20 : Number(single.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError(`--limit is a whole number from 1 to 200, got "${single.limit}"`);
    return { kind: 'history', limit };
  }
  if (first === 'status') {
    if (rest.length !== 1 || !/^[1-9]\d{0,9}$/.test(rest[0])) throw new UsageError('status takes one import job number: status 12');
    return { kind: 'status', id: Number(rest[0]) };
  }
  if (first === 'profiles') return { kind: 'profiles' };
  if (words.length > 1) throw new UsageError(`one file at a time, got ${words.length} (${COMMANDS.join(', ')} are commands)`);
  const file = first ?? null;
  const saveProfile = profileToSave(single, repeated);
  if (file === null && !saveProfile) throw new UsageError('no file given');
  if (single.profile !== undefined && saveProfile)
    throw new UsageError('--profile uses a saved profile and --save-profile saves one (and uses it): give one of them');
  const format = single.format ?? (file ? FORMAT_OF_EXTENSION[path.extname(file).toLowerCase()] : undefined) ?? null;
  if (format !== null && !(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format is ${IMPORT_FORMATS.join(', ')}, got "${format}"`);
  const encoding = single.encoding ?? null;
  if (encoding !== null && !(IMPORT_ENCODINGS as readonly string[]).includes(encoding))
    throw new UsageError(`--encoding is ${IMPORT_ENCODINGS.join(', ')}, got "${encoding}"`);
  return {
    kind: 'import',
    file,
    saveProfile,
    job: {
      fileName: file ? path.basename(file) : '',
      dryRun: single['dry-run'] === 'true',
      skipBadRows: single['skip-bad-rows'] === 'true',
      format: format as ImportFormat | null,
      encoding: encoding as ImportEncoding | null,
      sheet: single.sheet ?? null,
      profile: saveProfile?.name ?? single.profile ?? null,
    },
  };
}

/** The profile --save-profile describes; the profile's flags without it are a mistake (they would be lost). */
function profileToSave(single: Record<string, string>, repeated: Record<string, string[]>): ProfileRequest | null {
  const describing = [...REPEATED_FLAGS.filter((flag) => repeated[flag].length > 0), ...['match', 'xml-record'].filter((flag) => single[flag] !== undefined)];
  const name = single['save-profile'];
  if (name === undefined) {
    if (describing.length > 0)
      throw new UsageError(
        `${describing.map((flag) => `--${flag}`).join(', ')} ${describing.length === 1 ? 'describes' : 'describe'} a profile: name it with --save-profile <name>`,
      );
    return null;
  }
  if (repeated.map.length === 0) throw new UsageError('--save-profile needs at least one --map "Header=field"');
  const columns: Record<string, string | null> = {};
  for (const mapping of repeated.map) {
    const at = mapping.lastIndexOf('=');
    const header = mapping.slice(0, at).trim();
    const field = mapping.slice(at + 1).trim();
    if (at < 0 || header === '' || field === '') throw new UsageError(`--map "${mapping}": write it as "Header=field", e.g. --map "Cena brutto=price"`);
    if (!(IMPORT_FIELDS as readonly string[]).includes(field))
      throw new UsageError(`--map "${mapping}": "${field}" is not an import field; the fields are ${IMPORT_FIELDS.join(', ')}`);
    columns[header] = field;
  }
  for (const header of repeated.ignore) columns[header.trim()] = null;
  const match = single.match;
  if (match !== undefined && match !== 'ean' && match !== 'sku') throw new UsageError(`--match is ean or sku, got "${match}"`);
  return {
    name,
    settings: {
      columns,
      ...(match !== undefined ? { match } : {}),
      ...(single.encoding !== undefined ? { encoding: single.encoding } : {}),
      ...(single.sheet !== undefined ? { sheet: single.sheet } : {}),
      ...(single['xml-record'] !== undefined ? { xml: { record: single['xml-record'] } } : {}),
    },
  };
}

/** Where --skip-bad-rows writes the refused rows: beside the file, its name with `.odrzucone.csv` (a CSV a spreadsheet opens as is). */
export function refusedFileOf(file: string): string {
  return path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.odrzucone.csv`);
}
