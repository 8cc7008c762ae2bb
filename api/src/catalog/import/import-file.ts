/**
 * Reading a catalogue import file (docs/catalogue.md, "Importing prices and stock"): CSV as
 * spreadsheets export it — a header row, `,` or `;` (a Polish Excel writes `;`) or a tab between
 * fields, quoted fields with `""` inside, UTF-8 with or without a BOM — or JSON, an array of row
 * objects or `{rows: [...]}`. What comes out is rows of cells by column name, numbered as the
 * operator sees them (CSV: the spreadsheet row, the header being row 1; JSON: the n-th object,
 * from 1). Nothing here knows the catalogue: import-rows.ts checks the values.
 */

import { IMPORT_COLUMNS, type ImportColumn } from './import-profile';

export { IMPORT_COLUMNS, type ImportColumn };

/** The most rows one file may hold: a supplier's whole list, with room. */
export const MAX_IMPORT_ROWS = 100_000;

/** A problem with a file: its row and column as the operator sees them (null: the whole file / row). */
export interface ImportProblem {
  row: number | null;
  column: string | null;
  reason: string;
}

/** A CSV cell is text; a JSON one whatever the JSON held. A column the row leaves out is absent. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportColumn, unknown>>;
}

export interface ImportFile {
  format: 'csv' | 'json';
  columns: ImportColumn[];
  rows: ImportRow[];
}

export type ParsedImport = { ok: true; file: ImportFile } | { ok: false; problems: ImportProblem[] };

const KNOWN = new Set<string>(IMPORT_COLUMNS);

/** "Special price", "special-price" and "SPECIAL_PRICE" name the same column. */
export function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * A file's bytes (or text, or JSON already parsed by the HTTP layer) as rows. `format` when the
 * caller knows it (a file's extension, a request's content type); otherwise JSON is recognised
 * by its first character.
 */
export function parseImportFile(input: Buffer | string | unknown, format?: 'csv' | 'json'): ParsedImport {
  if (Buffer.isBuffer(input) || typeof input === 'string') {
    const text = typeof input === 'string' ? input : decodeUtf8(input);
    if (text === null) return fileProblem('the file is not UTF-8 text: save it as "CSV UTF-8" (or JSON) and send it again');
    const body = text.replace(/^\uFEFF/, '');
    const kind = format ?? (/^\s*[[{]/.test(body) ? 'json' : 'csv');
    if (kind === 'csv') return parseCsvFile(body);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      return fileProblem(`not valid JSON: ${(error as Error).message}`);
    }
    return parseJsonRows(value);
  }
  return parseJsonRows(input);
}

function fileProblem(reason: string): ParsedImport {
  return { ok: false, problems: [{ row: null, column: null, reason }] };
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function parseJsonRows(value: unknown): ParsedImport {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.rows) ? value.rows : null;
  if (!list) return fileProblem('JSON must be an array of rows, or {"rows": [...]}');
  if (list.length === 0) return fileProblem('the file has no rows');
  if (list.length > MAX_IMPORT_ROWS) return fileProblem(`${list.length} rows: at most ${MAX_IMPORT_ROWS} in one file (split it)`);
  const problems: ImportProblem[] = [];
  const columns = new Set<ImportColumn>();
  const rows: ImportRow[] = [];
  list.forEach((item: unknown, index) => {
    const row = index + 1;
    if (!isObject(item)) {
      problems.push({ row, column: null, reason: 'a row must be an object such as {"sku": "KF-DP-0001", "price": 1299}' });
      return;
    }
    const cells: ImportRow['cells'] = {};
    for (const [key, cell] of Object.entries(item)) {
      const column = columnName(key);
      if (!KNOWN.has(column)) {
        problems.push({ row, column: key, reason: unknownColumn() });
        continue;
      }
      cells[column as ImportColumn] = cell;
      columns.add(column as ImportColumn);
    }
    rows.push({ row, cells });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, file: { format: 'json', columns: [...columns], rows } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const unknownColumn = () => `unknown column: the columns are ${IMPORT_COLUMNS.join(', ')}`;

function parseCsvFile(text: string): ParsedImport {
  const records = readCsv(text, delimiterOf(text));
  if (!records.ok) return { ok: false, problems: [records.problem] };
  const [header, ...data] = records.records;
  if (!header || header.fields.every((field) => field.trim() === ''))
    return fileProblem('the file is empty: the first row must name the columns (sku, price, …)');
  const problems: ImportProblem[] = [];
  const columns: ImportColumn[] = [];
  const seen = new Set<string>();
  header.fields.forEach((raw) => {
    const column = columnName(raw);
    if (!KNOWN.has(column)) problems.push({ row: 1, column: raw.trim(), reason: raw.trim() === '' ? 'a column without a name' : unknownColumn() });
    else if (seen.has(column)) problems.push({ row: 1, column, reason: 'the column is named twice' });
    seen.add(column);
    columns.push(column as ImportColumn);
  });
  if (!seen.has('sku')) problems.push({ row: 1, column: 'sku', reason: 'the header has no sku column: every row needs the SKU it changes' });
  if (problems.length > 0) return { ok: false, problems };
  const rows: ImportRow[] = [];
  for (const record of data) {
    // Spreadsheets end files with empty rows; they change nothing (and keep the numbering).
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (record.fields.length !== columns.length) {
      problems.push({
        row: record.row,
        column: null,
        reason: `${record.fields.length} fields, the header has ${columns.length} (a separator inside a value must be quoted)`,
      });
      continue;
    }
    const cells: ImportRow['cells'] = {};
    columns.forEach((column, index) => (cells[column] = record.fields[index].trim()));
    rows.push({ row: record.row, cells });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (rows.length === 0) return fileProblem('the file has a header and no rows');
  if (rows.length > MAX_IMPORT_ROWS) return fileProblem(`${rows.length} rows: at most ${MAX_IMPORT_ROWS} in one file (split it)`);
  return { ok: true, file: { format: 'csv', columns, rows } };
}

/** The separator the header uses most outside quotes: `;` (Polish spreadsheets), `,` or a tab. */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ',';
}

interface CsvRecord {
  /** The spreadsheet row: the n-th record (a quoted line break stays inside its row). */
  row: number;
  fields: string[];
}

/** RFC 4180 records: `"` quotes a field, `""` is a quote inside one; CRLF, LF or CR end a record. */
export function readCsv(text: string, delimiter: string): { ok: true; records: CsvRecord[] } | { ok: false; problem: ImportProblem } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let row = 1;
  const endField = () => {
    fields.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ row, fields });
    fields = [];
    row += 1;
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else quoted = false;
    } else if (char === '"' && field.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (char === delimiter) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      endRecord();
    } else field += char;
  }
  if (quoted) return { ok: false, problem: { row, column: null, reason: 'a quoted field is not closed (a " is missing)' } };
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return { ok: true, records };
}
