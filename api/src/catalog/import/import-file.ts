/**
 * Reading a catalogue import file as Polish suppliers send it (docs/catalogue.md, "Importing
 * prices and stock"): CSV, JSON, an XLSX workbook or an XML feed; UTF-8, Windows-1250 or
 * ISO-8859-2; headers in the supplier's words ("Indeks", "Cena brutto", "Stan") or a saved
 * profile's. What comes out is rows of cells by field, numbered as the operator sees them (CSV
 * and XLSX: the spreadsheet row, the header being row 1; JSON and XML: the n-th record, from 1),
 * and the columns nothing reads. Nothing here knows the catalogue: import-rows.ts checks the values.
 */

import { columnName, mapColumns } from './import-columns';
import { delimiterOf, readCsv, readCsvTable } from './import-csv';
import { decodeBytes, encodingNamed, type Decoded } from './import-decode';
import { readJsonTable, readJsonText } from './import-json';
import type { ImportEncoding, ImportField, ImportFormat, ImportProfile, ParseOptions } from './import-profile';
import { fileProblem, MAX_IMPORT_ROWS, UnreadableCell, type ImportProblem, type SourceTable, type TableRead } from './import-table';
import { isCompoundFile, isZip, readXlsxTable } from './import-xlsx';
import { declaredXmlEncoding, readXmlTable } from './import-xml';

export { columnName, delimiterOf, MAX_IMPORT_ROWS, readCsv, type ImportProblem };

/** A cell is text (CSV, XML), what the JSON held, or an XLSX cell's number, boolean or text. A column the row leaves out is absent. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportField, unknown>>;
}

export interface ImportFile {
  format: ImportFormat;
  /** What the bytes were decoded as; null when no bytes were: JSON already parsed, text given as a string, XLSX (UTF-8 inside by definition). */
  encoding: ImportEncoding | null;
  /** The fields the file fills, in column order. */
  columns: ImportField[];
  rows: ImportRow[];
  /** Headers, as written, of the columns no field matched: the caller warns of them; they never refuse a file. */
  ignored: string[];
  /** How a row finds its product: the profile's choice, the SKU by default. */
  match: 'sku' | 'ean';
}

export type ParsedImport = { ok: true; file: ImportFile } | { ok: false; problems: ImportProblem[] };

/**
 * A file's bytes (or its text, or JSON the HTTP layer already parsed) as rows. `options.format`
 * when the caller knows it (an extension, a content type); otherwise an XLSX is known by its
 * ZIP signature, XML by a leading `<`, JSON by `[` or `{`, anything else is CSV.
 */
export async function parseImportFile(input: Buffer | string | unknown, options: ParseOptions = {}): Promise<ParsedImport> {
  const read = await readSource(input, options);
  if (!read.ok) return read;
  return importFileOf(read.table, read.format, read.encoding, options.profile);
}

type SourceRead = { ok: true; table: SourceTable; format: ImportFormat; encoding: ImportEncoding | null } | { ok: false; problems: ImportProblem[] };

const withFormat = (read: TableRead, format: ImportFormat, encoding: ImportEncoding | null): SourceRead => (read.ok ? { ...read, format, encoding } : read);

async function readSource(input: unknown, options: ParseOptions): Promise<SourceRead> {
  if (typeof input === 'string') {
    const format = options.format ?? formatOf(input);
    return format === 'xlsx' ? fileProblem(NOT_A_WORKBOOK) : readText(input.replace(/^\uFEFF/, ''), format, null, options);
  }
  if (!Buffer.isBuffer(input)) return withFormat(readJsonTable(input), 'json', null);
  if (isCompoundFile(input)) return fileProblem('an Excel 97–2003 (.xls) or password-protected workbook: save it as .xlsx without a password, or as CSV');
  // A workbook's bytes are never text: a content type or --format saying CSV must not read them as one.
  if (isZip(input)) return withFormat(await readXlsxTable(input, options.sheet ?? options.profile?.sheet), 'xlsx', null);
  const format = options.format ?? formatOf(input);
  if (format === 'xlsx') return fileProblem(NOT_A_WORKBOOK);
  const decoded = decode(input, format, options);
  return decoded.ok ? readText(decoded.text, format, decoded.encoding, options) : fileProblem(decoded.reason);
}

const NOT_A_WORKBOOK = 'not an XLSX workbook (an XLSX file is a ZIP archive): send the file Excel saved, or choose its real format';

function readText(text: string, format: Exclude<ImportFormat, 'xlsx'>, encoding: ImportEncoding | null, options: ParseOptions): SourceRead {
  const table = format === 'csv' ? readCsvTable(text) : format === 'json' ? readJsonText(text) : readXmlTable(text, options.profile?.xml?.record);
  return withFormat(table, format, encoding);
}

/** The first meaningful character: `<` XML, `[` or `{` JSON; anything else is a CSV's header. */
function formatOf(input: Buffer | string): ImportFormat {
  // Read as Latin-1, a UTF-8 BOM is "ï»¿"; the characters looked for are ASCII in every encoding the import reads.
  const head = typeof input === 'string' ? input.slice(0, 1024) : input.subarray(0, 1024).toString('latin1');
  const first = /^(?:\uFEFF|ï»¿)?\s*(\S)/.exec(head)?.[1];
  return first === '<' ? 'xml' : first === '[' || first === '{' ? 'json' : 'csv';
}

/** The operator's encoding (option, else profile), else the one an XML declaration names, else detection. */
function decode(bytes: Buffer, format: ImportFormat, options: ParseOptions): Decoded {
  const chosen = options.encoding ?? options.profile?.encoding;
  const declaredName = format === 'xml' ? declaredXmlEncoding(bytes) : undefined;
  const declared = declaredName === undefined ? undefined : encodingNamed(declaredName);
  if (declaredName !== undefined && declared === undefined && chosen === undefined)
    return { ok: false, reason: `the XML declares the encoding "${declaredName}": the import reads UTF-8, Windows-1250 and ISO-8859-2` };
  return decodeBytes(bytes, chosen, declared);
}

function importFileOf(table: SourceTable, format: ImportFormat, encoding: ImportEncoding | null, profile: ImportProfile | undefined): ParsedImport {
  if (table.records.length === 0) return fileProblem(table.headerRow === null ? 'the file has no rows' : 'the file has a header and no rows');
  if (table.records.length > MAX_IMPORT_ROWS) return fileProblem(`${table.records.length} rows: at most ${MAX_IMPORT_ROWS} in one file (split it)`);
  const mapped = mapColumns(table, profile);
  if (!mapped.ok) return mapped;
  const { fields, ignored } = mapped.mapping;
  const problems: ImportProblem[] = [];
  const rows = table.records.map(({ row, values }): ImportRow => {
    const cells: ImportRow['cells'] = {};
    fields.forEach((field, index) => {
      const value = values[index];
      if (field === null || value === undefined) return;
      if (value instanceof UnreadableCell) problems.push({ row, column: table.headers[index].trim(), reason: value.reason });
      else cells[field] = identifierText(field, value);
    });
    return { row, cells };
  });
  if (problems.length > 0) return { ok: false, problems };
  const columns = fields.filter((field): field is ImportField => field !== null);
  return { ok: true, file: { format, encoding, columns, rows, ignored, match: profile?.match ?? 'sku' } };
}

/**
 * A SKU or EAN a spreadsheet (or JSON) holds as a number is an identifier, not an amount: its
 * digits as text, as a CSV would give them (5901234123457), with no exponent however long.
 */
function identifierText(field: ImportField, value: unknown): unknown {
  if ((field !== 'sku' && field !== 'ean') || typeof value !== 'number' || !Number.isInteger(value)) return value;
  return BigInt(value).toString();
}
