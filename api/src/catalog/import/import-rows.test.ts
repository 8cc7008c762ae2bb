import type { ImportRow } from './import-file';
import { validateRows, type RowChange } from './import-rows';
import { fileOf, IMPORT_TODAY, testCatalogue } from './testing/import-catalogue';

/**
 * Row validation, rule by rule (docs/catalogue.md, "Importing prices and stock"): each rule with
 * a row it lets through (and what that row sets) and a row it refuses (and the column and reason
 * the operator reads). The rows are row 2 of their file, as the first row after a CSV header.
 */
type Cells = ImportRow['cells'];
type Passes = [rule: string, cells: Cells, sets: Partial<RowChange>];
type Fails = [rule: string, cells: Cells, column: string | null, reason: string | RegExp];

const RAD = 'KF-RAD-1'; // 1 299 zł, special 999 zł from 2026-11-10 to 2026-11-30, 12 in stock
const VALVE = 'KF-VALVE-1'; // 89,99 zł, no special, 40 in stock
const VARIANT = 'KF-LAD-1-500';

const passes: Passes[] = [
  [
    'a price with a decimal comma',
    { sku: VALVE, price: '79,90' },
    { prices: { price: 79.9, special_price: null, special_from_date: null, special_to_date: null } },
  ],
  [
    'a price with spaces between thousands and zł',
    { sku: RAD, price: '1 399,00 zł' },
    { prices: { price: 1399, special_price: 999, special_from_date: '2026-11-10', special_to_date: '2026-11-30' } },
  ],
  [
    'a net price made gross at 23 % (Cena netto)',
    { sku: VALVE, price_net: '73,16' },
    { prices: { price: 89.99, special_price: null, special_from_date: null, special_to_date: null } },
  ],
  [
    'a net price with four decimals, as wholesalers list them: 1 056,9024 × 1,23 = 1 299,99',
    { sku: RAD, price_net: '1056,9024' },
    { prices: { price: 1299.99, special_price: 999, special_from_date: '2026-11-10', special_to_date: '2026-11-30' } },
  ],
  [
    'a net price at its own tax class: a guide at 5 %',
    { sku: 'KF-BOOK-1', price_net: '46,67' },
    { prices: { price: 49, special_price: null, special_from_date: null, special_to_date: null } },
  ],
  ['a JSON number price', { sku: VALVE, price: 79.5 }, { prices: { price: 79.5, special_price: null, special_from_date: null, special_to_date: null } }],
  ['an empty price leaves it', { sku: VALVE, price: '', qty: '7' }, { stock: { qty: 7, is_in_stock: true } }],
  [
    'a new special price starts on the import day',
    { sku: VALVE, special_price: '69,99' },
    { prices: { price: 89.99, special_price: 69.99, special_from_date: IMPORT_TODAY, special_to_date: null } },
  ],
  [
    'a running special price keeps its dates',
    { sku: RAD, special_price: '949' },
    { prices: { price: 1299, special_price: 949, special_from_date: '2026-11-10', special_to_date: '2026-11-30' } },
  ],
  [
    'an empty special price clears it and its dates',
    { sku: RAD, special_price: '' },
    { prices: { price: 1299, special_price: null, special_from_date: null, special_to_date: null } },
  ],
  [
    'dates in order',
    { sku: VALVE, special_price: '70', special_from_date: '2026-12-01', special_to_date: '2026-12-24' },
    { prices: { price: 89.99, special_price: 70, special_from_date: '2026-12-01', special_to_date: '2026-12-24' } },
  ],
  ['qty alone: a counted SKU is in stock while qty > 0', { sku: VALVE, qty: '0' }, { stock: { qty: 0, is_in_stock: false } }],
  ['is_in_stock as true/false', { sku: VALVE, qty: '5', is_in_stock: 'true' }, { stock: { qty: 5, is_in_stock: true } }],
  ['a service (not counted) in stock with qty 0', { sku: 'KF-SERVICE-1', is_in_stock: '1' }, { stock: { qty: 0, is_in_stock: true } }],
  ['a name', { sku: VALVE, name: '  Zawór termostatyczny kątowy  ' }, { name: 'Zawór termostatyczny kątowy' }],
  ['a category by slug', { sku: RAD, category: 'grzejniki-drabinkowe' }, { categoryId: 7 }],
  ['a category by id', { sku: RAD, category: '6' }, { categoryId: 6 }],
  ['a category by url path', { sku: RAD, category: 'grzejniki-lazienkowe/grzejniki-drabinkowe' }, { categoryId: 7 }],
  [
    'attributes by option label, number, flag, text',
    { sku: RAD, attributes: 'color=czarny mat|width=600,5|free_valves=tak|model=Aero 2' },
    { attributes: { color: 402, width: 600.5, free_valves: 1, model: 'Aero 2' } },
  ],
  [
    'attributes as a JSON object, an option id, an empty value removes',
    { sku: RAD, attributes: { manufacturer: '501', delivery_time: 3, model: '' } },
    { attributes: { manufacturer: 501, delivery_time: 3, model: null } },
  ],
  ["a variant's price", { sku: VARIANT, price: '529' }, { prices: { price: 529, special_price: null, special_from_date: null, special_to_date: null } }],
  ["a configurable's empty price cells (a file of every SKU)", { sku: 'KF-LAD-1', price: '', special_price: '', name: 'Drabinka' }, { name: 'Drabinka' }],
];

const fails: Fails[] = [
  ['no SKU', { sku: '', price: '10' }, 'sku', 'no SKU: every row needs the SKU it changes'],
  ['unknown SKU', { sku: 'KF-NOPE', price: '10' }, 'sku', 'unknown SKU KF-NOPE'],
  ['price not a number', { sku: VALVE, price: '12,3,4' }, 'price', 'not a number ("12,3,4")'],
  ['negative price', { sku: VALVE, price: '-5' }, 'price', 'a negative price ("-5")'],
  ['price with three decimals', { sku: VALVE, price: '9,999' }, 'price', /more than two decimal places/],
  ['price above the sane maximum', { sku: VALVE, price: '129900000' }, 'price', /missing decimal separator/],
  ['special price above the price', { sku: VALVE, special_price: '99' }, 'special_price', 'the special price 99,00 zł is not below the price 89,99 zł'],
  ['special price equal to the price', { sku: VALVE, price: '80', special_price: '80' }, 'special_price', /not below the price 80,00 zł/],
  ['a price cut under the running special price', { sku: RAD, price: '950' }, 'price', /special price 999,00 zł would not be below the new price 950,00 zł/],
  ['date not a date', { sku: VALVE, special_price: '70', special_from_date: '1.12.2026' }, 'special_from_date', /not a date: write YYYY-MM-DD/],
  ['date not in the calendar', { sku: VALVE, special_price: '70', special_to_date: '2026-02-30' }, 'special_to_date', /not a date in the calendar/],
  [
    'from after to',
    { sku: VALVE, special_price: '70', special_from_date: '2026-12-24', special_to_date: '2026-12-01' },
    'special_to_date',
    'the special price would end (2026-12-01) before it starts (2026-12-24)',
  ],
  ['dates for no special price', { sku: VALVE, special_from_date: '2026-12-01' }, 'special_from_date', /no special price/],
  ["a configurable's price", { sku: 'KF-LAD-1', price: '500' }, 'price', /configurable product's price is its variants'/],
  ["a bundle's special price", { sku: 'KF-SET-1', special_price: '500' }, 'special_price', /bundle's price is the sum of its parts/],
  ['qty not a whole number', { sku: VALVE, qty: '2,5' }, 'qty', 'not a whole number ("2,5")'],
  ['negative qty', { sku: VALVE, qty: '-1' }, 'qty', 'a negative quantity ("-1")'],
  ['is_in_stock not a flag', { sku: VALVE, is_in_stock: 'maybe' }, 'is_in_stock', 'not 1/0 or true/false ("maybe")'],
  ['in stock with qty 0 on a counted SKU', { sku: VALVE, qty: '0', is_in_stock: '1' }, 'qty', /in stock with qty 0/],
  ["a configurable's stock", { sku: 'KF-LAD-1', qty: '4' }, 'qty', /stock is its variants'/],
  ['a name with a line break', { sku: VALVE, name: 'Zawór\nkątowy' }, 'name', 'contains a line break or a control character'],
  ['a name too long', { sku: VALVE, name: 'x'.repeat(256) }, 'name', 'longer than 255 characters'],
  ['unknown category', { sku: RAD, category: 'grzejniki-gazowe' }, 'category', 'unknown category "grzejniki-gazowe" (an id, a slug or a url path)'],
  ['the main category', { sku: RAD, category: '2' }, 'category', /main category holds every product/],
  ["a variant's category", { sku: VARIANT, category: '7' }, 'category', /a variant is in its configurable product's categories/],
  ['unknown attribute', { sku: RAD, attributes: 'colour=402' }, 'attributes', 'unknown attribute "colour"'],
  ['unknown option', { sku: RAD, attributes: 'color=zielony' }, 'attributes', /color: no option "zielony": options are 401 \(Biały\), 402 \(Czarny mat\)/],
  ['attribute not code=value', { sku: RAD, attributes: 'color' }, 'attributes', /is not code=value/],
  ['attribute number not a number', { sku: RAD, attributes: 'width=szeroki' }, 'attributes', /width: not a number/],
  ['attribute with its own column', { sku: RAD, attributes: 'price=10' }, 'attributes', 'price is not set through attributes: use its own column'],
  ["a variant's configurable option", { sku: VARIANT, attributes: 'color=401' }, 'attributes', /color picks a variant/],
  ['a net price not a number', { sku: VALVE, price_net: 'brak' }, 'price_net', 'not a number ("brak")'],
  ['a net price with five decimals', { sku: VALVE, price_net: '73,12345' }, 'price_net', /more than four decimal places/],
  ['a net price without a VAT rate', { sku: 'KF-ODD-1', price_net: '8,13' }, 'price_net', /has no VAT rate: give the gross price/],
  ['a net price of a configurable', { sku: 'KF-LAD-1', price_net: '400' }, 'price_net', /configurable product's price is its variants'/],
  ['attribute given twice', { sku: RAD, attributes: 'model=A|model=B' }, 'attributes', 'model is given twice'],
];

test.each(passes)('passes: %s', (_rule, cells, sets) => {
  const validation = validateRows(fileOf(cells), testCatalogue);
  expect(validation).toEqual({ changes: [{ row: 2, sku: String(cells.sku).trim(), ...sets }], problems: [] });
});

test.each(fails)('fails: %s', (_rule, cells, column, reason) => {
  const validation = validateRows(fileOf(cells), testCatalogue);
  expect(validation.changes).toEqual([]);
  const { problems } = validation;
  expect(problems).toHaveLength(1);
  expect(problems[0]).toEqual({ row: 2, column, reason: typeof reason === 'string' ? reason : expect.stringMatching(reason) });
});

test('a SKU twice: the second row is named, with the first', () => {
  const validation = validateRows(fileOf({ sku: VALVE, price: '80' }, { sku: RAD, price: '1300' }, { sku: VALVE, price: '81' }), testCatalogue);
  expect(validation.problems).toEqual([{ row: 4, column: 'sku', reason: 'KF-VALVE-1 is already in row 2: one row per SKU' }]);
  // The rows without a problem are what --skip-bad-rows applies.
  expect(validation.changes.map((change) => change.row)).toEqual([2, 3]);
});

test('every problem of every row is reported, not only the first', () => {
  const validation = validateRows(fileOf({ sku: VALVE, price: 'x', qty: '-1' }, { sku: 'KF-NOPE' }, { sku: RAD, price: '1300' }), testCatalogue);
  expect(validation.problems.map((problem) => `${problem.row}/${problem.column}`)).toEqual(['2/price', '2/qty', '3/sku']);
});
