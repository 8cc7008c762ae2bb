import { Workbook, type CellValue } from 'exceljs';
import JSZip from 'jszip';
import { parseImportFile } from './import-file';
import { streamsSafely } from './import-xlsx';
import { entriesInFileOrder } from './zip-entries';

/** A workbook as a supplier's Excel saves it: sheets of rows, the first row of each sheet row 1. */
async function workbookOf(sheets: Record<string, CellValue[][]>): Promise<Buffer> {
  const workbook = new Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const values of rows) sheet.addRow(values);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const priceList = () =>
  workbookOf({
    Cennik: [
      [],
      ['Indeks', 'EAN', 'Cena brutto', 'Promocja od', 'Nazwa', 'Producent', 'Dostępny'],
      [
        'KF-1',
        5901234123457,
        1299.5,
        new Date(Date.UTC(2026, 11, 1)),
        { richText: [{ text: 'Grzejnik ' }, { text: 'łazienkowy', font: { bold: true } }] },
        'Purmo',
        true,
      ],
      [],
      [
        ' KF-2 ',
        15901234123454,
        { formula: '40+8.99', result: 48.99 },
        null,
        { text: 'Zawór', hyperlink: 'https://hurtownia.example/zawor' },
        { error: '#N/A' },
        false,
      ],
      [12345, null, 10],
    ],
    Stany: [['sku', 'Stan']],
  });

const priceListRead = {
  ok: true,
  file: {
    format: 'xlsx',
    encoding: null,
    columns: ['sku', 'ean', 'price', 'special_from_date', 'name', 'is_in_stock'],
    rows: [
      {
        row: 3,
        cells: { sku: 'KF-1', ean: '5901234123457', price: 1299.5, special_from_date: '2026-12-01', name: 'Grzejnik łazienkowy', is_in_stock: true },
      },
      { row: 5, cells: { sku: 'KF-2', ean: '15901234123454', price: 48.99, special_from_date: '', name: 'Zawór', is_in_stock: false } },
      { row: 6, cells: { sku: '12345', ean: '', price: 10, special_from_date: '', name: '', is_in_stock: '' } },
    ],
    ignored: ['Producent'],
    match: 'sku',
  },
};

test('a price list: header in its first non-empty row, numbers stay numbers, an EAN its digits, dates days, rich text its text, formulas their result', async () => {
  expect(await parseImportFile(await priceList())).toEqual(priceListRead);
});

/** The same archive with its entries in another order, as another program might write them (named ones first, the rest after). */
async function reordered(bytes: Buffer, first: string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((name) => !source.files[name].dir);
  const zip = new JSZip();
  for (const name of [...first, ...names.filter((name) => !first.includes(name))])
    zip.file(name, await source.files[name].async('nodebuffer'), { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const SHEETS = ['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'];
const RELS = 'xl/_rels/workbook.xml.rels';
const STRINGS = 'xl/sharedStrings.xml';

// The reader streams an archive row by row when its order lets a sheet be read with its strings, names and date formats known; otherwise it reads it whole — the same rows either way.
test.each<[string, string[], boolean]>([
  ['sheets first, as Excel and exceljs write them (parked until the end)', SHEETS, true],
  ['everything a sheet needs before it (read as met)', [RELS, STRINGS, 'xl/styles.xml', 'xl/workbook.xml', ...SHEETS], true],
  ['strings before the sheets, the styles after (dates would be day numbers)', [RELS, STRINGS, 'xl/workbook.xml', ...SHEETS, 'xl/styles.xml'], false],
  ['strings before the sheets, the sheet names after (the streaming reader fails)', [RELS, STRINGS, 'xl/styles.xml', ...SHEETS, 'xl/workbook.xml'], false],
])('an archive with %s', async (_case, first, streamed) => {
  const bytes = await reordered(await priceList(), first);
  expect(entriesInFileOrder(bytes)?.slice(0, first.length)).toEqual(first);
  expect(streamsSafely(bytes)).toBe(streamed);
  expect(await parseImportFile(bytes)).toEqual(priceListRead);
});

test('the entry order of what is not a ZIP archive is unknown', () => {
  expect(entriesInFileOrder(Buffer.from('PK\u0003\u0004 this is not a real archive', 'latin1'))).toBeUndefined();
  expect(entriesInFileOrder(Buffer.alloc(0))).toBeUndefined();
});

test('a sheet chosen by name (as the tab shows it, case aside), by the option or the profile; an unknown one lists the sheets', async () => {
  const bytes = await workbookOf({
    Informacje: [['Cennik ważny od 1 grudnia'], ['Ceny brutto w złotych']],
    'Stany magazynowe': [
      ['Symbol', 'Stan'],
      ['KF-1', 7],
    ],
  });
  const stock = { ok: true, file: expect.objectContaining({ columns: ['sku', 'qty'], rows: [{ row: 2, cells: { sku: 'KF-1', qty: 7 } }] }) };
  expect(await parseImportFile(bytes, { sheet: 'Stany magazynowe' })).toEqual(stock);
  expect(await parseImportFile(bytes, { sheet: 'stany MAGAZYNOWE' })).toEqual(stock);
  expect(await parseImportFile(bytes, { profile: { name: 'hurtownia', columns: {}, sheet: 'Stany magazynowe' } })).toEqual(stock);
  expect(await parseImportFile(bytes, { sheet: 'Stany' })).toEqual({
    ok: false,
    problems: [{ row: null, column: null, reason: 'the workbook has no sheet "Stany": its sheets are "Informacje", "Stany magazynowe"' }],
  });
  expect(await parseImportFile(bytes)).toEqual({
    ok: false,
    problems: [{ row: 1, column: 'sku', reason: expect.stringMatching(/^no sku column: .*\(the file's columns: Cennik ważny od 1 grudnia\)$/) }],
  });
});

test('a cell that holds an error or a formula never calculated is a problem only in a column the import reads', async () => {
  const bytes = await workbookOf({
    Cennik: [
      ['Indeks', 'Cena', 'Uwagi'],
      ['KF-1', { error: '#DIV/0!' }, { error: '#N/A' }],
      ['KF-2', { formula: 'B2*2' } as CellValue, 'ok'],
      ['KF-3', { formula: '1/0', result: { error: '#DIV/0!' } } as CellValue, 'ok'],
    ],
  });
  expect(await parseImportFile(bytes, { format: 'xlsx' })).toEqual({
    ok: false,
    problems: [
      { row: 2, column: 'Cena', reason: 'the cell holds the error #DIV/0!' },
      { row: 3, column: 'Cena', reason: 'a formula with no saved result: open the file in Excel and save it' },
      { row: 4, column: 'Cena', reason: 'the cell holds an error value' },
    ],
  });
});

test.each<[string, Buffer | string, { format?: 'xlsx' | 'csv' }, RegExp]>([
  ['text sent as XLSX', 'sku;price\nKF-1;10\n', { format: 'xlsx' }, /^not an XLSX workbook/],
  ['a ZIP that is no workbook', Buffer.from('PK\u0003\u0004 this is not a real archive', 'latin1'), {}, /^not a readable XLSX workbook/],
  [
    'an Excel 97–2003 .xls',
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
    { format: 'csv' },
    /\.xls\) or password-protected workbook: save it as \.xlsx/,
  ],
])('refused: %s', async (_case, input, options, reason) => {
  const parsed = await parseImportFile(input, options);
  expect(parsed).toEqual({ ok: false, problems: [{ row: null, column: null, reason: expect.stringMatching(reason) }] });
});

test('an empty sheet says which', async () => {
  const bytes = await workbookOf({ Arkusz1: [] });
  expect(await parseImportFile(bytes)).toEqual({
    ok: false,
    problems: [{ row: null, column: null, reason: expect.stringMatching(/^the sheet "Arkusz1" is empty/) }],
  });
});

test('a workbook sent as CSV (a text/csv body, a wrong --format) is still read as the workbook it is', async () => {
  const bytes = await workbookOf({
    Cennik: [
      ['Indeks', 'Cena brutto'],
      ['KF-1', 1299],
    ],
  });
  expect(await parseImportFile(bytes, { format: 'csv' })).toMatchObject({
    ok: true,
    file: { format: 'xlsx', rows: [{ row: 2, cells: { sku: 'KF-1', price: 1299 } }] },
  });
});
