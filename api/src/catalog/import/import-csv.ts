/**
 * CSV as spreadsheets export it: a header row, `;` (a Polish Excel's separator), `,` or a tab
 * between fields, `"` around a field holding one of them, `""` for a quote inside.
 */

import { fileProblem, type ImportProblem, type TableRead } from './import-table';

/** The header is its first non-empty row; rows are numbered as the spreadsheet shows them (the header being row 1). */
export function readCsvTable(text: string): TableRead {
  const read = readCsv(text, delimiterOf(text));
  if (!read.ok) return { ok: false, problems: [read.problem] };
  // Spreadsheets end files with empty rows; they change nothing (and keep the numbering).
  const [header, ...data] = read.records.filter((record) => record.fields.some((field) => field.trim() !== ''));
  if (!header) return fileProblem('the file is empty: the first row must name the columns (Indeks, Cena brutto, Stan, … or sku, price, qty)');
  const problems: ImportProblem[] = [];
  for (const record of data)
    if (record.fields.length !== header.fields.length)
      problems.push({
        row: record.row,
        column: null,
        reason: `${record.fields.length} fields, the header has ${header.fields.length} (a separator inside a value must be quoted)`,
      });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    table: {
      headerRow: header.row,
      headers: header.fields,
      records: data.map((record) => ({ row: record.row, values: record.fields.map((field) => field.trim()) })),
    },
  };
}

/** The separator the header (the first line with anything on it) uses most outside quotes: `;` (Polish spreadsheets), `,` or a tab. */
export function delimiterOf(text: string): string {
  const header = text.replace(/^[\r\n]+/, '');
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of header) {
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

/**
 * One record as the import reads it back and a Polish Excel writes it: `;` between fields, a field
 * with a `;`, a quote or a line break quoted (its quotes doubled). What the shop writes for an
 * operator to edit (the price list, the refused rows) goes through here.
 */
export function csvRecord(fields: readonly string[]): string {
  return fields.map((field) => (/[;"\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(';');
}
