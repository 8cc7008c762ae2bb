import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ImportProfileTable } from '../../db/schema';
import { IMPORT_ENCODINGS, IMPORT_FIELDS, type ImportEncoding, type ImportField, type ImportProfile } from './import-profile';

/**
 * Suppliers' saved column mappings (docs/catalogue.md, "Profiles"): `import_profile`, one row per
 * supplier, written by `PUT /api/catalog/import/profiles/:name` or `npm run catalog:import --
 * --save-profile` straight on the database, used by a job sent with `?profile=` / `--profile`.
 * What a profile means to the import is import-profile.ts's; this file checks one as an operator
 * wrote it, with a message that says what to change, and keeps it.
 */

/** A supplier's name as typed on a command line: letters, digits, `.`, `_`, `-`; kept in lower case. */
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MAX_COLUMNS = 200;
const MAX_TEXT = 200;

type CheckedProfile = { ok: true; profile: ImportProfile } | { ok: false; problems: string[] };

const profileName = (name: string) => name.trim().toLowerCase();

/**
 * A profile from what an operator sent (`{columns: {"Cena brutto": "price", "Uwagi": null},
 * match?, encoding?, sheet?, xml?: {record}}`), named `name`: every problem at once, each saying
 * what is accepted — a field name is checked against IMPORT_FIELDS.
 */
export function checkProfile(name: string, input: unknown): CheckedProfile {
  const problems: string[] = [];
  const normalName = profileName(name);
  if (!NAME.test(normalName)) problems.push(`the profile's name "${name}" must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, problems: [...problems, 'a profile is a JSON object: {"columns": {"Header": "field"}}'] };
  const { columns, match, encoding, sheet, xml, ...unknown } = input as Record<string, unknown>;
  for (const key of Object.keys(unknown)) problems.push(`unknown setting "${key}": a profile has columns, match, encoding, sheet and xml`);

  const mapped: Record<string, ImportField | null> = {};
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns) || Object.keys(columns).length === 0) {
    problems.push('columns must map at least one header to a field: {"Cena brutto": "price"} (null ignores a column)');
  } else {
    const entries = Object.entries(columns as Record<string, unknown>);
    if (entries.length > MAX_COLUMNS) problems.push(`at most ${MAX_COLUMNS} columns, got ${entries.length}`);
    for (const [header, field] of entries) {
      if (header.trim() === '' || header.length > MAX_TEXT) problems.push(`a header must be 1–${MAX_TEXT} characters, got "${header.slice(0, 40)}"`);
      else if (field === null || (typeof field === 'string' && (IMPORT_FIELDS as readonly string[]).includes(field)))
        mapped[header] = field as ImportField | null;
      else
        problems.push(
          `"${header}": ${JSON.stringify(field)} is not an import field; the fields are ${IMPORT_FIELDS.join(', ')} (or null to ignore the column)`,
        );
    }
  }
  if (match !== undefined && match !== 'sku' && match !== 'ean')
    problems.push(`match is "sku" or "ean" (how a row finds its product), got ${JSON.stringify(match)}`);
  if (encoding !== undefined && !(IMPORT_ENCODINGS as readonly unknown[]).includes(encoding))
    problems.push(`encoding is one of ${IMPORT_ENCODINGS.join(', ')}, got ${JSON.stringify(encoding)}`);
  if (sheet !== undefined && !isText(sheet)) problems.push(`sheet is a sheet's name, 1–${MAX_TEXT} characters`);
  const record = (xml as { record?: unknown } | undefined)?.record;
  if (xml !== undefined && (typeof xml !== 'object' || xml === null || Object.keys(xml).some((key) => key !== 'record') || !isElementName(record)))
    problems.push('xml is {"record": "<element>"}: the element that holds one product (produkt, item…)');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    profile: {
      name: normalName,
      columns: mapped,
      ...(match !== undefined ? { match: match as 'sku' | 'ean' } : {}),
      ...(encoding !== undefined ? { encoding: encoding as ImportEncoding } : {}),
      ...(sheet !== undefined ? { sheet: sheet as string } : {}),
      ...(xml !== undefined ? { xml: { record: record as string } } : {}),
    },
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT;
const isElementName = (value: unknown): value is string => isText(value) && /^[\p{L}_][\p{L}\p{N}_.:-]*$/u.test(value);

/** The profile as kept: its settings without the name (the row's key). */
function stored(profile: ImportProfile): string {
  const { name: _name, ...settings } = profile;
  return JSON.stringify(settings);
}

export interface SavedProfile {
  profile: ImportProfile;
  updatedBy: string;
  updatedAt: string;
}

/** Saves (or replaces) a profile; answers it as kept, and whether it is new. */
export async function saveProfile(db: Db, profile: ImportProfile, by: string, now: Date): Promise<SavedProfile & { created: boolean }> {
  const at = now.toISOString();
  const settings = stored(profile);
  const existing = await db.kysely.selectFrom('import_profile').select('name').where('name', '=', profile.name).executeTakeFirst();
  await db.kysely
    .insertInto('import_profile')
    .values({ name: profile.name, profile: settings, updated_by: by, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ profile: settings, updated_by: by, updated_at: at }))
    .execute();
  return { profile, updatedBy: by, updatedAt: at, created: !existing };
}

const savedOf = (row: Selectable<ImportProfileTable>): SavedProfile => ({
  profile: { name: row.name, ...(JSON.parse(row.profile) as Omit<ImportProfile, 'name'>) },
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

export async function findProfile(db: Db, name: string): Promise<SavedProfile | null> {
  const row = await db.kysely.selectFrom('import_profile').selectAll().where('name', '=', profileName(name)).executeTakeFirst();
  return row ? savedOf(row) : null;
}

export async function listProfiles(db: Db): Promise<SavedProfile[]> {
  return (await db.kysely.selectFrom('import_profile').selectAll().orderBy('name').execute()).map(savedOf);
}

/** "no saved profile "x": the saved ones are a, b" — what an unknown name is told. */
export async function unknownProfileMessage(db: Db, name: string): Promise<string> {
  const names = (await listProfiles(db)).map((saved) => saved.profile.name);
  return `no saved profile "${name}": ${names.length > 0 ? `the saved ones are ${names.join(', ')}` : 'none is saved yet'} (save one with PUT /api/catalog/import/profiles/<name> or --save-profile)`;
}
