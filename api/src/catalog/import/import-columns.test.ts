import { columnName, HEADER_ALIASES, mapColumns } from './import-columns';
import { IMPORT_FIELDS, type ImportField, type ImportProfile } from './import-profile';
import type { SourceTable } from './import-table';

/** A spreadsheet's header (row 1) and one row of values. */
const tableOf = (headers: string[], values: unknown[] = headers.map(() => 'x')): SourceTable => ({ headerRow: 1, headers, records: [{ row: 2, values }] });

const profileOf = (columns: ImportProfile['columns'], match?: 'sku' | 'ean'): ImportProfile => ({ name: 'hurtownia-abc', columns, match });

test.each([
  ['Special Price', 'special_price'],
  ['special-from-date', 'special_from_date'],
  ['  SKU ', 'sku'],
  ['Cena sprzedaży brutto', 'cena_sprzedazy_brutto'],
  ['CENA_SPRZEDAŻY-BRUTTO', 'cena_sprzedazy_brutto'],
  ['Ilość', 'ilosc'],
  ['Źródło ŁĄCZNIKA', 'zrodlo_lacznika'],
  ['Cena brutto (zł)', 'cena_brutto'],
  ['Cena netto [PLN]', 'cena_netto'],
  ['Stan (szt.)', 'stan'],
  ['Nr kat.', 'nr_kat'],
  ['PLN', 'pln'],
  ['Cena EUR', 'cena_eur'],
])('the header %j is matched as %j', (header, name) => {
  expect(columnName(header)).toBe(name);
});

/** Headers as Subiekt GT, Comarch Optima, WF-Mag and wholesalers' price lists and feeds write them. */
test.each<[string, ImportField]>([
  ['Indeks', 'sku'],
  ['Symbol', 'sku'],
  ['Kod', 'sku'],
  ['Kod towaru', 'sku'],
  ['Kod produktu', 'sku'],
  ['Nr katalogowy', 'sku'],
  ['SKU', 'sku'],
  ['Cena brutto', 'price'],
  ['Cena', 'price'],
  ['Cena sprzedaży brutto', 'price'],
  ['cena_brutto', 'price'],
  ['Cena brutto (zł)', 'price'],
  ['Price', 'price'],
  ['Price gross', 'price'],
  ['Cena netto', 'price_net'],
  ['Cena sprzedaży netto [PLN]', 'price_net'],
  ['Price net', 'price_net'],
  ['Cena promocyjna', 'special_price'],
  ['Cena promocyjna brutto', 'special_price'],
  ['Promocja od', 'special_from_date'],
  ['Promocja do', 'special_to_date'],
  ['Stan', 'qty'],
  ['Ilość', 'qty'],
  ['Ilosc', 'qty'],
  ['Stan magazynowy', 'qty'],
  ['Dostępność', 'qty'],
  ['Qty', 'qty'],
  ['Quantity', 'qty'],
  ['Stock', 'qty'],
  ['Dostępny', 'is_in_stock'],
  ['W magazynie', 'is_in_stock'],
  ['EAN', 'ean'],
  ['GTIN', 'ean'],
  ['Kod EAN', 'ean'],
  ['EAN13', 'ean'],
  ['EAN-13', 'ean'],
  ['Kod kreskowy', 'ean'],
  ['Nazwa', 'name'],
  ['Nazwa towaru', 'name'],
  ['Name', 'name'],
  ['Kategoria', 'category'],
  ['attributes', 'attributes'],
])('the header %j fills %s', (header, field) => {
  const mapped = mapColumns(tableOf(field === 'sku' ? [header] : ['Indeks', header]), undefined);
  expect(mapped).toMatchObject({ ok: true, mapping: { ignored: [] } });
  if (mapped.ok) expect(mapped.mapping.fields.at(-1)).toBe(field);
});

test("each header is in the table once (a field's own name needs no alias): none can mean two fields", () => {
  const names = IMPORT_FIELDS.flatMap((field) => [field, ...HEADER_ALIASES[field]].map((alias) => columnName(alias)));
  expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
});

test('columns that are no field are ignored and listed as written, never refused', () => {
  const headers = ['Indeks', 'Nazwa', 'Producent', 'Nazwa producenta', 'Jednostka', 'VAT', 'Waga', 'Cena hurtowa netto', 'Cena brutto', 'Stan'];
  expect(mapColumns(tableOf(headers), undefined)).toEqual({
    ok: true,
    mapping: {
      fields: ['sku', 'name', null, null, null, null, null, null, 'price', 'qty'],
      ignored: ['Producent', 'Nazwa producenta', 'Jednostka', 'VAT', 'Waga', 'Cena hurtowa netto'],
    },
  });
});

test('a column without a header: nothing when empty (a trailing separator), listed by its letter when it holds values', () => {
  expect(mapColumns(tableOf(['sku', 'price', ''], ['KF-1', '10', '']), undefined)).toEqual({
    ok: true,
    mapping: { fields: ['sku', 'price', null], ignored: [] },
  });
  expect(mapColumns(tableOf(['sku', '', 'price'], ['KF-1', 'uwaga', '10']), undefined)).toEqual({
    ok: true,
    mapping: { fields: ['sku', null, 'price'], ignored: ['(no header, column B)'] },
  });
});

test("a supplier's profile wins over the aliases, and a column it maps to null is ignored silently", () => {
  const table = tableOf(['Nr art.', 'Symbol', 'Cena brutto', 'Cena katalogowa', 'Uwagi', 'Producent']);
  const profile = profileOf({ 'NR ART': 'sku', symbol: null, 'Cena katalogowa (zł)': 'price', 'cena brutto': null, uwagi: null });
  expect(mapColumns(table, profile)).toEqual({ ok: true, mapping: { fields: ['sku', null, null, 'price', null, null], ignored: ['Producent'] } });
});

test.each<[string, string[], ImportProfile | undefined, { column: string; reason: RegExp }[]]>([
  [
    'two columns for one field',
    ['Indeks', 'Cena', 'Cena brutto'],
    undefined,
    [{ column: 'price', reason: /^columns "Cena" and "Cena brutto" both fill price: ignore all but one in the supplier's profile/ }],
  ],
  ['three', ['Stan', 'Ilość', 'sku', 'Qty'], undefined, [{ column: 'qty', reason: /^columns "Stan", "Ilość" and "Qty" all fill qty: ignore all but one/ }]],
  ['a profile mapping onto an alias', ['Indeks', 'Symbol'], profileOf({ Symbol: 'sku' }), [{ column: 'sku', reason: /"Indeks" and "Symbol"/ }]],
  [
    'a gross and a net price',
    ['Symbol', 'Cena brutto', 'Cena netto'],
    undefined,
    [{ column: 'price_net', reason: /"Cena brutto" is a gross price and "Cena netto" a net one/ }],
  ],
  ['no SKU column', ['Nazwa', 'Cena'], undefined, [{ column: 'sku', reason: /^no sku column: name it sku, Indeks, .*\(the file's columns: Nazwa, Cena\)/ }]],
  ['no EAN column when the profile matches by EAN', ['Indeks', 'Cena'], profileOf({}, 'ean'), [{ column: 'ean', reason: /^no ean column/ }]],
])('refused: %s', (_case, headers, profile, problems) => {
  expect(mapColumns(tableOf(headers), profile)).toEqual({
    ok: false,
    problems: problems.map(({ column, reason }) => ({ row: 1, column, reason: expect.stringMatching(reason) })),
  });
});

test('matching by EAN needs no SKU column', () => {
  expect(mapColumns(tableOf(['Kod kreskowy', 'Cena']), profileOf({}, 'ean'))).toEqual({ ok: true, mapping: { fields: ['ean', 'price'], ignored: [] } });
});

test("a profile naming no field is refused: its fields become a row's keys", () => {
  const profile = profileOf({ Indeks: 'sku', Cena: '__proto__' as ImportField });
  expect(mapColumns(tableOf(['Indeks', 'Cena']), profile)).toEqual({
    ok: false,
    problems: [{ row: null, column: 'Cena', reason: expect.stringMatching(/^the profile maps "Cena" to "__proto__", which is no field/) }],
  });
});
