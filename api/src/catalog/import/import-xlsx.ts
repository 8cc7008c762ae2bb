/**
 * An Excel workbook (XLSX) read directly, so the operator need not save it as CSV first (and
 * lose a long EAN to "5,90123E+12" or a price to the wrong decimal separator on the way). One
 * sheet: the one named, else the first. The header is the sheet's first non-empty row; rows keep
 * the numbers Excel shows. Numbers stay numbers, dates become `YYYY-MM-DD`, rich text its text,
 * a formula its saved result.
 */

import { createRequire } from 'node:module';
import type * as ExcelJs from 'exceljs';
import type { CellValue, Workbook, Worksheet } from 'exceljs';
import { fileProblem, UnreadableCell, type SourceRecord, type TableRead } from './import-table';

/** An XLSX file is a ZIP archive: its first bytes are a local file header (`PK\x03\x04`). */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;

/** An Excel 97–2003 workbook (.xls), or an XLSX saved with a password: both are OLE compound files. */
export const isCompoundFile = (bytes: Buffer) => bytes.length >= 8 && bytes.readBigUInt64BE(0) === 0xd0cf11e0a1b11ae1n;

/**
 * exceljs, loaded when a workbook is read: loading it takes ~0.6 s and raises the process's
 * `Error.stackTraceLimit` to 16 (which every instance's start and crash log would pay) — the
 * limit is put back.
 */
function newWorkbook(): Workbook {
  const limit = Error.stackTraceLimit;
  // required, not import()ed: tsx runs this file as CommonJS, where a dynamic import() of a package fails to resolve.
  const { Workbook } = requireWhenNeeded('exceljs') as typeof ExcelJs;
  Error.stackTraceLimit = limit;
  return new Workbook();
}
const requireWhenNeeded = createRequire(__filename);

export async function readXlsxTable(bytes: Buffer, sheetName: string | undefined): Promise<TableRead> {
  const workbook = newWorkbook();
  try {
    // exceljs types its input as an ArrayBuffer of its own naming ("Buffer"); it hands it to JSZip, which reads Node's Buffer as well.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    return fileProblem(`not a readable XLSX workbook (${(error as Error).message}): save it again from Excel, or as CSV`);
  }
  const sheets = workbook.worksheets;
  const sheet = sheetName === undefined ? sheets[0] : sheetNamed(sheets, sheetName);
  if (!sheet) {
    const names = sheets.map((candidate) => `"${candidate.name}"`).join(', ');
    return fileProblem(sheetName === undefined ? 'the workbook has no sheets' : `the workbook has no sheet "${sheetName}": its sheets are ${names}`);
  }
  const rows: SourceRecord[] = [];
  sheet.eachRow((row, number) => {
    // `values` is indexed by column number from 1: the header's columns and a record's line up.
    const values = (row.values as CellValue[]).slice(1).map(cellValue);
    if (values.some((value) => value !== undefined && value !== '')) rows.push({ row: number, values });
  });
  const [header, ...records] = rows;
  if (!header) return fileProblem(`the sheet "${sheet.name}" is empty: its first row must name the columns (Indeks, Cena brutto, Stan, … or sku, price, qty)`);
  const width = rows.reduce((widest, row) => Math.max(widest, row.values.length), 0);
  const headers = Array.from({ length: width }, (_unused, index) => headerText(header.values[index]));
  // An empty cell in a column the sheet has is an empty value, as in a CSV (it clears a special price), not a column left out.
  const filled = records.map(({ row, values }) => ({ row, values: Array.from({ length: width }, (_unused, index) => values[index] ?? '') }));
  return { ok: true, table: { headerRow: header.row, headers, records: filled } };
}

/** By name as the tab shows it; case and surrounding spaces forgiven, as an operator types it. */
function sheetNamed(sheets: Worksheet[], name: string): Worksheet | undefined {
  const wanted = name.trim().toLowerCase();
  return sheets.find((sheet) => sheet.name === name) ?? sheets.find((sheet) => sheet.name.trim().toLowerCase() === wanted);
}

const headerText = (value: unknown) => (value === undefined || value instanceof UnreadableCell ? '' : String(value));

/** A cell as the import reads it; undefined for an empty one. */
function cellValue(value: CellValue | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  // Excel keeps a date as a day number; exceljs gives it as midnight UTC of that day.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? new UnreadableCell('not a date Excel can show') : value.toISOString().slice(0, 10);
  if ('error' in value) return new UnreadableCell(`the cell holds the error ${value.error}`);
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('hyperlink' in value) return cellValue(value.text as CellValue);
  if ('formula' in value || 'sharedFormula' in value)
    return value.result === undefined
      ? new UnreadableCell('a formula with no saved result: open the file in Excel and save it')
      : cellValue(value.result as CellValue);
  return new UnreadableCell('a cell the import cannot read');
}
