import { delimiterOf, parseImportFile, type ParsedImport } from './import-file';

/** Reading import files: CSV as spreadsheets export it (`;`, quotes, BOM, decimal comma) and JSON. */
const rowsOf = (parsed: ParsedImport) => (parsed.ok ? parsed.file.rows : parsed.problems);

test('a Polish spreadsheet export: BOM, semicolons, decimal commas, CRLF', () => {
  const text = '\uFEFFsku;price;qty\r\nKF-DP-0001;1 299,00;5\r\nKF-DP-0002;48,99;0\r\n';
  const parsed = parseImportFile(Buffer.from(text, 'utf8'));
  expect(parsed).toEqual({
    ok: true,
    file: {
      format: 'csv',
      columns: ['sku', 'price', 'qty'],
      rows: [
        { row: 2, cells: { sku: 'KF-DP-0001', price: '1 299,00', qty: '5' } },
        { row: 3, cells: { sku: 'KF-DP-0002', price: '48,99', qty: '0' } },
      ],
    },
  });
});

test('quoted fields: the separator, a doubled quote and a line break inside; the row numbers stay the spreadsheet rows', () => {
  const text = 'sku,name,price\nKF-1,"Grzejnik ""Aero"", biały",1299.00\nKF-2,"Dwa\nwiersze","48,99"\nKF-3,Zawór,10\n';
  expect(rowsOf(parseImportFile(text))).toEqual([
    { row: 2, cells: { sku: 'KF-1', name: 'Grzejnik "Aero", biały', price: '1299.00' } },
    { row: 3, cells: { sku: 'KF-2', name: 'Dwa\nwiersze', price: '48,99' } },
    { row: 4, cells: { sku: 'KF-3', name: 'Zawór', price: '10' } },
  ]);
});

test('header names are forgiving about case and spaces; empty rows are skipped but counted', () => {
  const parsed = parseImportFile('SKU;Special Price;special-from-date\n\nKF-1;999;2026-12-01\n;;\n');
  expect(rowsOf(parsed)).toEqual([{ row: 3, cells: { sku: 'KF-1', special_price: '999', special_from_date: '2026-12-01' } }]);
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

test.each<[string, string | Buffer, { row: number | null; column: string | null; reason: string | RegExp }]>([
  ['no sku column', 'price;qty\n10;1\n', { row: 1, column: 'sku', reason: /no sku column/ }],
  ['an unknown column', 'sku;prize\nKF-1;10\n', { row: 1, column: 'prize', reason: /unknown column: the columns are sku, price/ }],
  ['a column twice', 'sku;price;Price\nKF-1;10;11\n', { row: 1, column: 'price', reason: 'the column is named twice' }],
  ['a row with more fields', 'sku;price\nKF-1;10;11\n', { row: 2, column: null, reason: /3 fields, the header has 2/ }],
  ['an open quote', 'sku;name\nKF-1;"Zawór\n', { row: 2, column: null, reason: /quoted field is not closed/ }],
  ['only a header', 'sku;price\n', { row: null, column: null, reason: 'the file has a header and no rows' }],
  ['an empty file', '', { row: null, column: null, reason: /the file is empty/ }],
  ['Windows-1250 bytes', Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0x5a, 0x61, 0x77, 0xf3, 0x72, 0x0a]), { row: null, column: null, reason: /not UTF-8/ }],
  ['broken JSON', '[{"sku": "KF-1",', { row: null, column: null, reason: /not valid JSON/ }],
  ['JSON that is no list', '{"sku": "KF-1"}', { row: null, column: null, reason: /array of rows/ }],
  ['a JSON row that is no object', '[{"sku": "KF-1"}, 5]', { row: 2, column: null, reason: /a row must be an object/ }],
  ['a JSON row with an unknown key', '{"rows": [{"sku": "KF-1", "cena": 10}]}', { row: 1, column: 'cena', reason: /unknown column/ }],
])('refused: %s', (_case, input, problem) => {
  const parsed = parseImportFile(input);
  expect(parsed.ok).toBe(false);
  expect(rowsOf(parsed)).toEqual([{ ...problem, reason: typeof problem.reason === 'string' ? problem.reason : expect.stringMatching(problem.reason) }]);
});

test('JSON: an array of rows or {rows}, numbers and objects kept as they are', () => {
  const rows = [
    { sku: 'KF-1', price: 1299, attributes: { color: 402 } },
    { sku: 'KF-2', is_in_stock: false },
  ];
  for (const input of [JSON.stringify(rows), `\uFEFF${JSON.stringify({ rows })}`, rows]) {
    const parsed = parseImportFile(input);
    expect(parsed).toEqual({
      ok: true,
      file: {
        format: 'json',
        columns: ['sku', 'price', 'attributes', 'is_in_stock'],
        rows: [
          { row: 1, cells: rows[0] },
          { row: 2, cells: rows[1] },
        ],
      },
    });
  }
});
