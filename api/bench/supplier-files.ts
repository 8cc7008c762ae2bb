import fs from 'node:fs';
import { stream } from 'exceljs';
import iconv from 'iconv-lite';
import { csvRecord } from '../src/catalog/import/import-csv';

/**
 * A wholesaler's price and stock file as `npm run bench:import` sends it (scripts/bench-import.ts,
 * issue #49): what a Polish Excel saves — a Windows-1250 CSV with `;` and Polish headers, or the
 * same sheet as XLSX — and the baseline, the shop's own UTF-8 `sku;price;qty` file that imported
 * before #49. Here beside the API because the import's own readers (exceljs, iconv-lite) are its
 * dependencies.
 */
export interface SupplierRow {
  sku: string;
  name: string;
  /** Gross złoty. */
  price: number;
  qty: number;
  ean: string | null;
  producer: string;
}

/** The headers a wholesaler's export has: SKU, name, gross price, stock, EAN, and a column the shop does not read. */
export const SUPPLIER_HEADERS = ['Indeks', 'Nazwa', 'Cena brutto', 'Stan', 'EAN', 'Producent'] as const;

/** Does a text survive Windows-1250 (a name with a character it lacks would come back changed, and the import would rename the product)? */
export const fitsWindows1250 = (text: string) => iconv.decode(iconv.encode(text, 'windows-1250'), 'windows-1250') === text;

/** 1299.5 → "1 299,50": złoty as a Polish spreadsheet shows them (a space between thousands, a decimal comma). */
const polishZloty = (amount: number) => {
  const [whole, grosze] = amount.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${grosze}`;
};

/** `Indeks;Nazwa;Cena brutto;Stan;EAN;Producent`, CRLF, encoded as Windows-1250: Excel's "CSV (rozdzielany średnikami)" on a Polish Windows. */
export function supplierCsv1250(rows: readonly SupplierRow[]): Buffer {
  const lines = [SUPPLIER_HEADERS.join(';')];
  for (const row of rows) lines.push(csvRecord([row.sku, row.name, polishZloty(row.price), String(row.qty), row.ean ?? '', row.producer]));
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1250');
}

/** The baseline: the shop's own columns, UTF-8, a decimal comma — a file as the import read them before issue #49. */
export function shopCsv(rows: readonly SupplierRow[]): Buffer {
  const lines = ['sku;price;qty'];
  for (const row of rows) lines.push(csvRecord([row.sku, row.price.toFixed(2).replace('.', ','), String(row.qty)]));
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/**
 * The same sheet as an XLSX workbook, written as it streams (a 100,000-row workbook is never held
 * whole): prices and stock as numbers with a złoty format, the EAN as text (as a wholesaler's
 * system exports it), shared strings as Excel writes them.
 */
export async function writeSupplierXlsx(rows: readonly SupplierRow[], file: string): Promise<void> {
  fs.rmSync(file, { force: true });
  const workbook = new stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Cennik');
  sheet.columns = [
    { header: SUPPLIER_HEADERS[0], key: 'sku', width: 24 },
    { header: SUPPLIER_HEADERS[1], key: 'name', width: 60 },
    { header: SUPPLIER_HEADERS[2], key: 'price', width: 14, style: { numFmt: '#,##0.00' } },
    { header: SUPPLIER_HEADERS[3], key: 'qty', width: 8 },
    { header: SUPPLIER_HEADERS[4], key: 'ean', width: 16 },
    { header: SUPPLIER_HEADERS[5], key: 'producer', width: 20 },
  ];
  for (const row of rows) sheet.addRow({ sku: row.sku, name: row.name, price: row.price, qty: row.qty, ean: row.ean ?? '', producer: row.producer }).commit();
  sheet.commit();
  await workbook.commit();
}
