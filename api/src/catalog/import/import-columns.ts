/**
 * Which field each column of a supplier's file fills. Suppliers name columns as their software
 * exports them — Subiekt GT "Symbol", "Kod kreskowy"; Comarch Optima "Kod", "Cena netto"; WF-Mag
 * "Indeks", "Cena sprzedaży brutto"; a wholesaler's feed "indeks", "cena_brutto", "stan" — so a
 * header is read after `columnName` normalises it, first against the supplier's profile, then
 * against the built-in aliases below. A column neither names is ignored and listed, never a
 * refusal: a price list carries VAT rates, units and producers the shop does not import.
 */

import { IMPORT_FIELDS, type ImportField, type ImportProfile } from './import-profile';
import { UnreadableCell, type ImportProblem, type SourceTable } from './import-table';

/**
 * Headers each field is known by besides its own name (`price`, `special_from_date`, …, which
 * always work). Only headers that cannot mean anything else: a wholesaler's "Cena hurtowa netto"
 * or "Cena zakupu" is what the shop pays, not what it charges; "Kod producenta" is the maker's
 * number, not the shop's SKU; "Producent", "Jednostka", "VAT", "Waga", "Grupa" are no field at all.
 */
export const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  sku: [
    'Indeks',
    'Indeks handlowy',
    'Indeks towaru',
    'Symbol',
    'Symbol towaru',
    'Kod',
    'Kod towaru',
    'Kod produktu',
    'Nr katalogowy',
    'Numer katalogowy',
    'Nr kat.',
    'Product code',
    'Item code',
  ],
  price: [
    'Cena',
    'Cena brutto',
    'Cena sprzedaży',
    'Cena sprzedaży brutto',
    'Cena detaliczna',
    'Cena detaliczna brutto',
    'Cena z VAT',
    'Price gross',
    'Gross price',
  ],
  price_net: ['Cena netto', 'Cena sprzedaży netto', 'Cena detaliczna netto', 'Cena bez VAT', 'Net price'],
  special_price: ['Cena promocyjna', 'Cena promocyjna brutto', 'Promo price', 'Sale price'],
  special_from_date: ['Promocja od', 'Początek promocji', 'Special from'],
  special_to_date: ['Promocja do', 'Koniec promocji', 'Special to'],
  qty: ['Stan', 'Stan magazynowy', 'Stan mag.', 'Ilość', 'Ilość dostępna', 'Dostępna ilość', 'Dostępność', 'Quantity', 'Stock', 'Stock quantity'],
  is_in_stock: ['Dostępny', 'W magazynie', 'Na stanie', 'In stock'],
  ean: ['EAN13', 'EAN-13', 'Kod EAN', 'GTIN', 'Kod kreskowy', 'Barcode'],
  name: ['Nazwa', 'Nazwa towaru', 'Nazwa produktu', 'Product name'],
  category: ['Kategoria'],
  attributes: [],
};

/** Units a header may carry that say nothing its field does not: "Cena brutto (zł)", "Stan [szt.]". */
const UNIT_WORDS = new Set(['zl', 'pln', 'szt']);

/**
 * A header as it is matched: "Cena sprzedaży brutto [PLN]", "cena_sprzedazy_brutto" and
 * "CENA SPRZEDAŻY-BRUTTO" are all `cena_sprzedazy_brutto`. Case, Polish letters, spaces,
 * underscores, dashes, dots and brackets do not matter, nor units (zł, PLN, szt.).
 */
export function columnName(header: string): string {
  const words = header
    .toLowerCase()
    .replace(/ł/g, 'l') // the one Polish letter Unicode does not decompose into a base letter and a mark
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const meant = words.filter((word) => !UNIT_WORDS.has(word));
  return (meant.length > 0 ? meant : words).join('_');
}

const FIELD_BY_NAME = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [field, ...HEADER_ALIASES[field]].map((alias) => [columnName(alias), field] as const)),
);
const KNOWN_FIELDS = new Set<string>(IMPORT_FIELDS);

/** Each header's field, or null for a column not read; `ignored`: the unknown ones, as written. */
export interface ColumnMapping {
  fields: (ImportField | null)[];
  ignored: string[];
}

export type MappedColumns = { ok: true; mapping: ColumnMapping } | { ok: false; problems: ImportProblem[] };

export function mapColumns(table: SourceTable, profile: Pick<ImportProfile, 'columns' | 'match'> | undefined): MappedColumns {
  const problems: ImportProblem[] = [];
  const chosen = new Map<string, ImportField | null>();
  for (const [header, field] of Object.entries(profile?.columns ?? {})) {
    // A profile comes from the database: a field name it holds becomes a row's key, so it must be one.
    if (field !== null && !KNOWN_FIELDS.has(field))
      problems.push({
        row: null,
        column: header,
        reason: `the profile maps "${header}" to "${field}", which is no field: the fields are ${IMPORT_FIELDS.join(', ')}`,
      });
    else chosen.set(columnName(header), field);
  }
  const ignored: string[] = [];
  const fields = table.headers.map((header, index) => {
    const name = columnName(header);
    const field = chosen.has(name) ? chosen.get(name)! : FIELD_BY_NAME.get(name);
    if (field !== undefined) return field;
    if (header.trim() !== '') ignored.push(header.trim());
    // A column without a header holding values is listed by its letter; an empty one (a trailing separator, a formatted but unused column) is nothing.
    else if (table.records.some((record) => hasValue(record.values[index]))) ignored.push(`(no header, column ${columnLetter(index)})`);
    return null;
  });
  const headersOf = (field: ImportField) => table.headers.filter((_header, index) => fields[index] === field).map((text) => `"${text.trim()}"`);
  for (const field of IMPORT_FIELDS) {
    const named = headersOf(field);
    if (named.length > 1)
      problems.push({
        row: table.headerRow,
        column: field,
        reason: `columns ${listed(named)} ${named.length === 2 ? 'both' : 'all'} fill ${field}: ignore all but one in the supplier's profile`,
      });
  }
  if (fields.includes('price') && fields.includes('price_net'))
    problems.push({
      row: table.headerRow,
      column: 'price_net',
      reason: `${headersOf('price')[0]} is a gross price and ${headersOf('price_net')[0]} a net one: ignore one of them in the supplier's profile`,
    });
  const match = profile?.match ?? 'sku';
  if (!fields.includes(match)) problems.push({ row: table.headerRow, column: match, reason: missingKey(match, table.headers) });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, mapping: { fields, ignored } };
}

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '' && !(value instanceof UnreadableCell);

const listed = (names: string[]) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** A, B, …, Z, AA: how a spreadsheet shows the column (a CSV opens in one). */
function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function missingKey(match: 'sku' | 'ean', headers: string[]): string {
  const names = [match, ...HEADER_ALIASES[match].slice(0, 3)].join(', ');
  const found = headers.filter((text) => text.trim() !== '').map((text) => text.trim());
  const columns = found.length > 0 ? ` (the file's columns: ${found.join(', ')})` : '';
  return match === 'sku'
    ? `no sku column: name it ${names}, … or map it in the supplier's profile — every row needs the SKU it changes${columns}`
    : `no ean column: the supplier's profile finds products by EAN — name it ${names}, … or map it in the profile${columns}`;
}
