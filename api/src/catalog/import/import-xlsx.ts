/**
 * An Excel workbook (XLSX) read directly, so the operator need not save it as CSV first (and
 * lose a long EAN to "5,90123E+12" or a price to the wrong decimal separator on the way). One
 * sheet: the one named, else the first. The header is the sheet's first non-empty row; rows keep
 * the numbers Excel shows. Numbers stay numbers, dates become `YYYY-MM-DD`, rich text its text,
 * a formula its saved result.
 */

import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as ExcelJs from 'exceljs';
import type { CellValue, Row } from 'exceljs';
import { fileProblem, UnreadableCell, type ImportProblem, type SourceRecord, type TableRead } from './import-table';
import { entriesInFileOrder } from './zip-entries';

/** An XLSX file is a ZIP archive: its first bytes are a local file header (`PK\x03\x04`). */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;

/** An Excel 97–2003 workbook (.xls), or an XLSX saved with a password: both are OLE compound files. */
export const isCompoundFile = (bytes: Buffer) => bytes.length >= 8 && bytes.readBigUInt64BE(0) === 0xd0cf11e0a1b11ae1n;

/**
 * exceljs, loaded when a workbook is read: loading it takes ~0.6 s and raises the process's
 * `Error.stackTraceLimit` to 16 (which every instance's start and crash log would pay) — the
 * limit is put back.
 */
function excelJs(): typeof ExcelJs {
  const limit = Error.stackTraceLimit;
  // required, not import()ed: tsx runs this file as CommonJS, where a dynamic import() of a package fails to resolve.
  const library = requireWhenNeeded('exceljs') as typeof ExcelJs;
  Error.stackTraceLimit = limit;
  return library;
}
const requireWhenNeeded = createRequire(__filename);

/** A workbook's sheet names in tab order, and the rows of the one the import reads (none when no sheet is that one). */
interface SheetRows {
  names: string[];
  chosen: { name: string; rows: SourceRecord[] } | undefined;
}

export async function readXlsxTable(bytes: Buffer, sheetName: string | undefined): Promise<TableRead> {
  // Streamed where the archive's order allows (about half the memory and two thirds of the time:
  // +155 MB and 3.0 s for 100,000 rows, against +290 MB and 4.7 s for the whole workbook, measured
  // through parseImportFile); a stream that fails is not
  // trusted to say why — the whole-workbook read then decides.
  const streamed = streamsSafely(bytes) ? await streamSheet(bytes, sheetName).catch(() => undefined) : undefined;
  const read = streamed ?? (await loadSheet(bytes, sheetName));
  if ('ok' in read) return read;
  const { names, chosen } = read;
  if (!chosen) {
    const listed = names.map((name) => `"${name}"`).join(', ');
    return fileProblem(sheetName === undefined ? 'the workbook has no sheets' : `the workbook has no sheet "${sheetName}": its sheets are ${listed}`);
  }
  const [header, ...records] = chosen.rows;
  if (!header) return fileProblem(`the sheet "${chosen.name}" is empty: its first row must name the columns (Indeks, Cena brutto, Stan, … or sku, price, qty)`);
  const width = chosen.rows.reduce((widest, row) => Math.max(widest, row.values.length), 0);
  const headers = Array.from({ length: width }, (_unused, index) => headerText(header.values[index]));
  // An empty cell in a column the sheet has is an empty value, as in a CSV (it clears a special price), not a column left out.
  const filled = records.map(({ row, values }) => ({ row, values: Array.from({ length: width }, (_unused, index) => values[index] ?? '') }));
  return { ok: true, table: { headerRow: header.row, headers, records: filled } };
}

/** The sheet's non-empty rows, each cell as the import reads it; exceljs's `values` are indexed by column number from 1. */
function keepRow(rows: SourceRecord[], cells: unknown[], number: number) {
  const values = cells.slice(1);
  if (values.some((value) => value !== undefined && value !== '')) rows.push({ row: number, values });
}

/** As the whole-workbook read gives it, but for a formula whose result is an error: the streaming reader leaves it out of `values` (the cell keeps NaN). */
function streamedCells(row: Row): unknown[] {
  return (row.values as CellValue[]).map((cell, column) =>
    isFormula(cell) && Number.isNaN(row.getCell(column).result) ? new UnreadableCell('the cell holds an error value') : cellValue(cell),
  );
}

const isFormula = (cell: CellValue) => typeof cell === 'object' && cell !== null && ('formula' in cell || 'sharedFormula' in cell);

/** The whole workbook in memory: any archive exceljs can read, at the cost of a cell object per cell. */
async function loadSheet(bytes: Buffer, sheetName: string | undefined): Promise<SheetRows | { ok: false; problems: ImportProblem[] }> {
  const workbook = new (excelJs().Workbook)();
  try {
    // exceljs types its input as an ArrayBuffer of its own naming ("Buffer"); it hands it to JSZip, which reads Node's Buffer as well.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    return fileProblem(`not a readable XLSX workbook (${(error as Error).message}): save it again from Excel, or as CSV`);
  }
  const names = workbook.worksheets.map((sheet) => sheet.name);
  const name = chosenName(names, sheetName);
  const sheet = workbook.worksheets.find((candidate) => candidate.name === name);
  if (!sheet) return { names, chosen: undefined };
  const rows: SourceRecord[] = [];
  sheet.eachRow((row, number) => keepRow(rows, (row.values as CellValue[]).map(cellValue), number));
  return { names, chosen: { name: sheet.name, rows } };
}

/** What exceljs's streaming reader has and its types leave out. */
interface StreamedWorkbook extends AsyncIterable<AsyncIterable<Row> & { name: string }> {
  model?: { sheets?: { name: string }[] };
}

/** Row by row from the archive: only the chosen sheet's values are kept. */
async function streamSheet(bytes: Buffer, sheetName: string | undefined): Promise<SheetRows> {
  const reader = new (excelJs().stream.xlsx.WorkbookReader)(Readable.from([bytes]), {
    sharedStrings: 'cache',
    // Dates are told from numbers by their cells' number format.
    styles: 'cache',
    hyperlinks: 'ignore',
  }) as unknown as StreamedWorkbook;
  let chosen: SheetRows['chosen'];
  for await (const sheet of reader) {
    const wanted = chosenName(sheetNames(reader), sheetName);
    const rows: SourceRecord[] = [];
    // Another sheet is read through too (and dropped): the archive is one stream.
    for await (const row of sheet) if (sheet.name === wanted && !chosen) keepRow(rows, streamedCells(row), row.number);
    if (sheet.name === wanted && !chosen) chosen = { name: sheet.name, rows };
  }
  return { names: sheetNames(reader), chosen };
}

const sheetNames = (reader: StreamedWorkbook) => (reader.model?.sheets ?? []).map((sheet) => sheet.name);

/**
 * exceljs's streaming reader reads a sheet as soon as it meets it when the shared strings (and the
 * workbook's relationships) came before — then the sheet's names and the number formats that make
 * a date must have come before as well; otherwise it parks the sheet until the archive's end, when
 * everything is known. Excel and exceljs write the sheets first; a writer that puts the shared
 * strings first and the styles or workbook.xml after would give dates as day numbers (or fail), so
 * that archive is read whole.
 */
export function streamsSafely(bytes: Buffer): boolean {
  const entries = entriesInFileOrder(bytes);
  if (!entries?.includes('xl/workbook.xml') || !entries.includes('xl/_rels/workbook.xml.rels')) return false;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(entry) && seen.has('xl/sharedStrings.xml') && seen.has('xl/_rels/workbook.xml.rels')) {
      const stylesKnown = seen.has('xl/styles.xml') || !entries.includes('xl/styles.xml');
      if (!seen.has('xl/workbook.xml') || !stylesKnown) return false;
    }
    seen.add(entry);
  }
  return true;
}

/** The sheet the import reads: the one named (as the tab shows it; case and surrounding spaces forgiven, as an operator types it), else the first. */
function chosenName(names: string[], wanted: string | undefined): string | undefined {
  if (wanted === undefined) return names[0];
  const forgiving = wanted.trim().toLowerCase();
  return names.find((name) => name === wanted) ?? names.find((name) => name.trim().toLowerCase() === forgiving);
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
