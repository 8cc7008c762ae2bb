import iconv from 'iconv-lite';
import { delimiterOf, MAX_IMPORT_ROWS, parseImportFile, type ParsedImport } from './import-file';
import type { ParseOptions } from './import-profile';

/** Reading import files: CSV as spreadsheets export it (`;`, quotes, BOM, Windows-1250, Polish headers) and JSON; XLSX and XML have their own tests. */
const rowsOf = (parsed: ParsedImport) => (parsed.ok ? parsed.file.rows : parsed.problems);

test('a Polish spreadsheet export: BOM, semicolons, decimal commas, CRLF', async () => {
  const text = '\uFEFFsku;price;qty\r\nKF-DP-0001;1 299,00;5\r\nKF-DP-0002;48,99;0\r\n';
  expect(await parseImportFile(Buffer.from(text, 'utf8'))).toEqual({
    ok: true,
    file: {
      format: 'csv',
      encoding: 'utf-8',
      columns: ['sku', 'price', 'qty'],
      rows: [
        { row: 2, cells: { sku: 'KF-DP-0001', price: '1 299,00', qty: '5' } },
        { row: 3, cells: { sku: 'KF-DP-0002', price: '48,99', qty: '0' } },
      ],
      ignored: [],
      match: 'sku',
    },
  });
});

test('what a Polish Excel saves as "CSV": Windows-1250, Polish headers, columns the shop does not import', async () => {
  const text =
    'Indeks;Nazwa;Producent;Cena brutto (zł);Stan;VAT\r\nKF-1;Grzejnik łazienkowy Żółty;Purmo;1 299,00;5;23%\r\nKF-2;Źródło ciepła, ściana Ą;Kermi;48,99;0;23%\r\n';
  expect(await parseImportFile(iconv.encode(text, 'windows-1250'))).toEqual({
    ok: true,
    file: {
      format: 'csv',
      encoding: 'windows-1250',
      columns: ['sku', 'name', 'price', 'qty'],
      rows: [
        { row: 2, cells: { sku: 'KF-1', name: 'Grzejnik łazienkowy Żółty', price: '1 299,00', qty: '5' } },
        { row: 3, cells: { sku: 'KF-2', name: 'Źródło ciepła, ściana Ą', price: '48,99', qty: '0' } },
      ],
      ignored: ['Producent', 'VAT'],
      match: 'sku',
    },
  });
});

test.each<[string, ParseOptions, string, string]>([
  ['detected', {}, 'iso-8859-2', 'Źródło ciepła, ściana Ą'],
  ['chosen by the option', { encoding: 'iso-8859-2' }, 'iso-8859-2', 'Źródło ciepła, ściana Ą'],
  ["chosen by the supplier's profile", { profile: { name: 'hurtownia', columns: {}, encoding: 'iso-8859-2' } }, 'iso-8859-2', 'Źródło ciepła, ściana Ą'],
  ['chosen wrongly: the operator gets what they chose', { encoding: 'windows-1250' }, 'windows-1250', '¬ródło ciepła, ¶ciana ˇ'],
])('an ISO-8859-2 file, its encoding %s', async (_case, options, encoding, name) => {
  const bytes = iconv.encode('Symbol;Nazwa\nKF-2;Źródło ciepła, ściana Ą\n', 'iso-8859-2');
  expect(await parseImportFile(bytes, options)).toMatchObject({ ok: true, file: { encoding, rows: [{ row: 2, cells: { sku: 'KF-2', name } }] } });
});

test('quoted fields: the separator, a doubled quote and a line break inside; the row numbers stay the spreadsheet rows', async () => {
  const text = 'sku,name,price\nKF-1,"Grzejnik ""Aero"", biały",1299.00\nKF-2,"Dwa\nwiersze","48,99"\nKF-3,Zawór,10\n';
  expect(rowsOf(await parseImportFile(text))).toEqual([
    { row: 2, cells: { sku: 'KF-1', name: 'Grzejnik "Aero", biały', price: '1299.00' } },
    { row: 3, cells: { sku: 'KF-2', name: 'Dwa\nwiersze', price: '48,99' } },
    { row: 4, cells: { sku: 'KF-3', name: 'Zawór', price: '10' } },
  ]);
});

test('header names are forgiving about case and spaces; empty rows are skipped but counted, before the header too', async () => {
  const parsed = await parseImportFile('\n;;\nSKU;Special Price;special-from-date\n\nKF-1;999;2026-12-01\n;;\n');
  expect(rowsOf(parsed)).toEqual([{ row: 5, cells: { sku: 'KF-1', special_price: '999', special_from_date: '2026-12-01' } }]);
});

test.each([
  ['sku;price\nKF-1;1,5', ';'],
  ['sku,price\nKF-1,"1,5"', ','],
  ['sku\tprice\nKF-1\t1,5', '\t'],
  ['"a;b",price,qty\n', ','],
  ['sku\n', ','],
])('the separator of %j is %j', (text, delimiter) => {
  expect(delimiterOf(text)).toBe(delimiter);
});

test.each<[string, Buffer | string, ParseOptions, string]>([
  ['CSV', 'Indeks;Cena\nKF-1;10\n', {}, 'csv'],
  ['CSV whose first value is quoted', '"Indeks";"Cena"\n"KF-1";"10"\n', {}, 'csv'],
  ['JSON, an array', ' [{"sku": "KF-1"}]', {}, 'json'],
  ['JSON, {rows}, after a BOM', Buffer.from('\uFEFF\n{"rows": [{"sku": "KF-1"}]}'), {}, 'json'],
  ['XML', Buffer.from('\uFEFF  <?xml version="1.0"?><produkty><produkt><indeks>KF-1</indeks></produkt></produkty>'), {}, 'xml'],
  ['CSV as the caller says, though it starts as JSON would', '[Indeks];Cena\nKF-1;10\n', { format: 'csv' }, 'csv'],
])('the format of %s', async (_case, input, options, format) => {
  expect(await parseImportFile(input, options)).toMatchObject({ ok: true, file: { format, rows: [{ cells: { sku: 'KF-1' } }] } });
});

test.each<[string, string | Buffer, { row: number | null; column: string | null; reason: string | RegExp }]>([
  ['no sku column', 'price;qty\n10;1\n', { row: 1, column: 'sku', reason: /^no sku column/ }],
  ['two columns for the SKU', 'Indeks;Symbol;Cena\nKF-1;A1;10\n', { row: 1, column: 'sku', reason: /^columns "Indeks" and "Symbol" both fill sku/ }],
  ['a row with more fields', 'sku;price\nKF-1;10;11\n', { row: 2, column: null, reason: /3 fields, the header has 2/ }],
  ['an open quote', 'sku;name\nKF-1;"Zawór\n', { row: 2, column: null, reason: /quoted field is not closed/ }],
  ['only a header', 'sku;price\n', { row: null, column: null, reason: 'the file has a header and no rows' }],
  ['an empty file', '', { row: null, column: null, reason: /^the file is empty/ }],
  ['only empty rows', Buffer.from('\r\n;;\r\n'), { row: null, column: null, reason: /^the file is empty/ }],
  ['UTF-16', Buffer.from('\uFEFFsku\tprice\n', 'utf16le'), { row: null, column: null, reason: /^the file is UTF-16/ }],
  ['broken JSON', '[{"sku": "KF-1",', { row: null, column: null, reason: /not valid JSON/ }],
  ['JSON that is no list', '{"sku": "KF-1"}', { row: null, column: null, reason: /array of rows/ }],
  ['a JSON list of nothing', '[]', { row: null, column: null, reason: 'the file has no rows' }],
  ['a JSON row that is no object', '[{"sku": "KF-1"}, 5]', { row: 2, column: null, reason: /a row must be an object/ }],
])('refused: %s', async (_case, input, problem) => {
  const parsed = await parseImportFile(input);
  expect(parsed.ok).toBe(false);
  expect(rowsOf(parsed)).toEqual([{ ...problem, reason: typeof problem.reason === 'string' ? problem.reason : expect.stringMatching(problem.reason) }]);
});

test('JSON: an array of rows or {rows}, numbers and objects kept as they are, keys read as headers are', async () => {
  const rows = [
    { sku: 'KF-1', price: 1299, attributes: { color: 402 } },
    { sku: 'KF-2', is_in_stock: false, Producent: 'Purmo' },
  ];
  for (const [input, encoding] of [
    [JSON.stringify(rows), null],
    [`\uFEFF${JSON.stringify({ rows })}`, null],
    [Buffer.from(JSON.stringify({ rows })), 'utf-8'],
    [rows, null],
  ]) {
    expect(await parseImportFile(input)).toEqual({
      ok: true,
      file: {
        format: 'json',
        encoding,
        columns: ['sku', 'price', 'attributes', 'is_in_stock'],
        rows: [
          { row: 1, cells: rows[0] },
          { row: 2, cells: { sku: 'KF-2', is_in_stock: false } },
        ],
        ignored: ['Producent'],
        match: 'sku',
      },
    });
  }
});

test('JSON keys of different rows naming one field are two columns for it; a "__proto__" key is a column like any other', async () => {
  expect(rowsOf(await parseImportFile('[{"sku": "KF-1"}, {"Indeks": "KF-2"}]'))).toEqual([
    { row: null, column: 'sku', reason: expect.stringMatching(/^columns "sku" and "Indeks" both fill sku/) },
  ]);
  const parsed = await parseImportFile('[{"sku": "KF-1", "__proto__": {"polluted": true}}]');
  expect(parsed).toMatchObject({ ok: true, file: { rows: [{ row: 1, cells: { sku: 'KF-1' } }], ignored: ['__proto__'] } });
  expect(parsed.ok && Object.getPrototypeOf(parsed.file.rows[0].cells)).toBe(Object.prototype);
});

test('an EAN or SKU JSON holds as a number is its digits', async () => {
  const parsed = await parseImportFile([{ sku: 12345, ean: 5901234123457, price: 10 }], { profile: { name: 'x', columns: {}, match: 'ean' } });
  expect(parsed).toMatchObject({ ok: true, file: { match: 'ean', rows: [{ row: 1, cells: { sku: '12345', ean: '5901234123457', price: 10 } }] } });
});

test('at most MAX_IMPORT_ROWS rows in one file, empty rows not counted', async () => {
  const csv = (rows: number) => `sku;qty\n${'KF-1;1\n;\n'.repeat(rows)}`;
  expect(await parseImportFile(csv(MAX_IMPORT_ROWS))).toMatchObject({ ok: true, file: { rows: { length: MAX_IMPORT_ROWS } } });
  expect(await parseImportFile(csv(MAX_IMPORT_ROWS + 1))).toEqual({
    ok: false,
    problems: [{ row: null, column: null, reason: `${MAX_IMPORT_ROWS + 1} rows: at most ${MAX_IMPORT_ROWS} in one file (split it)` }],
  });
});
