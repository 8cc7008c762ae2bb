import type { Attribute, ProductType } from '@kaloryfer/api-contract';
import { attributePairs, attributeValue, type AttributeValue } from './import-attributes';
import type { ImportFile, ImportProblem, ImportRow } from './import-file';
import { formatZloty, grossFromNet, isEmpty, parseDay, parseFlag, parseMoney, parseNetMoney, parseQty, parseText, type Parsed } from './import-values';

/**
 * Every row of an import checked against the catalogue as it is, before anything is written
 * (docs/catalogue.md, "Importing prices and stock"). A row changes only the columns it has;
 * an empty cell leaves price, qty, is_in_stock, name and category as they are, and clears
 * special_price, its dates and an attribute. The answer is what each row sets — whole values,
 * merged with what the SKU has — or every problem, each with its row and column.
 */

/** What the import needs to know of one SKU as it is now. */
export interface SkuState {
  /** `variant`: a configurable product's child, stored inside its parent's document. */
  kind: 'product' | 'variant';
  type_id: ProductType;
  price: number;
  special_price: number | null;
  /** The special price's first day (YYYY-MM-DD), as validation compares it. */
  special_from_date: string | null;
  /** …and as stored: the moment an import started it (ISO), or a day. */
  special_from_moment: string | null;
  special_to_date: string | null;
  /** Its VAT rate in percent (a net price is made gross with it); null when its tax class has no rule. */
  taxRate: number | null;
  /** Its stock row (every SKU a cart can hold has one). */
  stock: { qty: number; is_in_stock: boolean; manage_stock: boolean; is_volatile: boolean } | null;
  /** Attribute codes that pick a configurable's variant (colour, width, height). */
  lockedAttributes: ReadonlySet<string>;
}

/** The catalogue as validation reads it. */
export interface ImportCatalogue {
  /** The day the import is made (YYYY-MM-DD, UTC, as the catalogue prices): a new special price starts on it. */
  today: string;
  sku(sku: string): SkuState | undefined;
  /** A category by id, slug or url_path. */
  category(reference: string): { id: number; level: number; is_active: boolean } | undefined;
  attribute(code: string): Attribute | undefined;
}

export interface PriceChange {
  price: number;
  special_price: number | null;
  special_from_date: string | null;
  special_to_date: string | null;
}

/** What one row sets, every value whole (the price with its special price, stock with its status). */
export interface RowChange {
  row: number;
  sku: string;
  prices?: PriceChange;
  stock?: { qty: number; is_in_stock: boolean };
  name?: string;
  categoryId?: number;
  attributes?: Record<string, AttributeValue>;
}

/** The rows that can be applied, and every problem of the others (a row with a problem changes nothing). */
export interface Validation {
  changes: RowChange[];
  problems: ImportProblem[];
}

/** Products whose price is computed from other SKUs: their variants' (configurable) or parts' (sets). */
const COMPUTED_PRICE: Partial<Record<ProductType, string>> = {
  configurable: "a configurable product's price is its variants': import the variants' SKUs",
  bundle: "a bundle's price is the sum of its parts: import the parts' SKUs",
  grouped: "a grouped set's price is the sum of its products: import their SKUs",
};

const PRICE_COLUMNS = ['price', 'special_price', 'special_from_date', 'special_to_date'] as const;
export const MAX_NAME = 255;

export function validateRows(file: ImportFile, catalogue: ImportCatalogue): Validation {
  const problems: ImportProblem[] = [];
  const changes: RowChange[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of file.rows) {
    const rowProblems: ImportProblem[] = [];
    const problem = (column: string | null, reason: string) => rowProblems.push({ row: row.row, column, reason });
    const change = validateRow(row, catalogue, problem, firstRowOf);
    problems.push(...rowProblems);
    if (change && rowProblems.length === 0) changes.push(change);
  }
  return { changes, problems };
}

type Report = (column: string | null, reason: string) => void;

const has = (row: ImportRow, column: keyof ImportRow['cells']) => column in row.cells;

function validateRow(row: ImportRow, catalogue: ImportCatalogue, problem: Report, firstRowOf: Map<string, number>): RowChange | null {
  const skuCell = row.cells.sku;
  if (isEmpty(skuCell)) {
    problem('sku', 'no SKU: every row needs the SKU it changes');
    return null;
  }
  const sku = String(skuCell).trim();
  const earlier = firstRowOf.get(sku);
  if (earlier !== undefined) {
    problem('sku', `${sku} is already in row ${earlier}: one row per SKU`);
    return null;
  }
  firstRowOf.set(sku, row.row);
  const state = catalogue.sku(sku);
  if (!state) {
    problem('sku', `unknown SKU ${sku}`);
    return null;
  }
  const change: RowChange = { row: row.row, sku };
  const prices = priceChange(row, state, catalogue.today, problem);
  if (prices) change.prices = prices;
  const stock = stockChange(row, state, problem);
  if (stock) change.stock = stock;
  if (has(row, 'name') && !isEmpty(row.cells.name)) {
    const name = parseText(row.cells.name, MAX_NAME);
    if (name.ok) change.name = name.value;
    else problem('name', name.reason);
  }
  if (has(row, 'category') && !isEmpty(row.cells.category)) {
    const category = categoryOf(row.cells.category, state, catalogue);
    if (category.ok) change.categoryId = category.value;
    else problem('category', category.reason);
  }
  if (has(row, 'attributes') && !isEmpty(row.cells.attributes)) {
    const attributes = attributesOf(row.cells.attributes, state, catalogue);
    if (attributes.ok) change.attributes = attributes.value;
    else problem('attributes', attributes.reason);
  }
  return change;
}

/** A cell's value, or undefined after reporting why it is not one. */
function read<T>(parsed: Parsed<T>, column: string, problem: Report): T | undefined {
  if (parsed.ok) return parsed.value;
  problem(column, parsed.reason);
  return undefined;
}

/**
 * The price and its special price after the row. A special price always has a first day (the
 * Omnibus lowest price is the one of the 30 days before it): the row's, else that of the special
 * price running now, else the import day. Clearing the special price clears its dates.
 */
function priceChange(row: ImportRow, state: SkuState, today: string, problem: Report): PriceChange | null {
  const given = [...PRICE_COLUMNS, 'price_net' as const].filter(
    (column) => has(row, column) && !((column === 'price' || column === 'price_net') && isEmpty(row.cells[column])),
  );
  if (given.length === 0) return null;
  const computed = COMPUTED_PRICE[state.type_id];
  if (computed) {
    // A file of every SKU has empty price cells for these: nothing asked, nothing to refuse.
    const asked = given.find((column) => !isEmpty(row.cells[column]));
    if (asked) problem(asked, computed);
    return null;
  }
  let failed = false;
  const cell = <T>(column: (typeof PRICE_COLUMNS)[number] | 'price_net', parse: (cell: unknown) => Parsed<T>): T | null | undefined => {
    if (!has(row, column)) return undefined;
    if (isEmpty(row.cells[column])) return null;
    const value = read(parse(row.cells[column]), column, problem);
    if (value === undefined) failed = true;
    return value;
  };
  const gross = cell('price', parseMoney);
  const net = cell('price_net', parseNetMoney);
  const price = gross ?? (net === null || net === undefined ? state.price : netToGross(net, state, problem));
  const special = cell('special_price', parseMoney);
  const from = cell('special_from_date', parseDay);
  const to = cell('special_to_date', parseDay);
  if (failed || price === undefined) return null;
  // A special price still running (or yet to run): it must stay below the price, and its dates stay.
  const runs = state.special_price !== null && (state.special_to_date === null || state.special_to_date >= today);
  const touchesSpecial = special !== undefined || from !== undefined || to !== undefined;
  if (!touchesSpecial) {
    if (runs && state.special_price! >= price) {
      problem(
        'price',
        `the special price ${formatZloty(state.special_price!)} would not be below the new price ${formatZloty(price)}: change or clear special_price in the same row`,
      );
      return null;
    }
    return { price, special_price: state.special_price, special_from_date: state.special_from_date, special_to_date: state.special_to_date };
  }
  const specialPrice = special === undefined ? state.special_price : special;
  if (specialPrice === null) {
    if (from) problem('special_from_date', 'a first day for no special price: give special_price in the same row');
    if (to) problem('special_to_date', 'a last day for no special price: give special_price in the same row');
    return from || to ? null : { price, special_price: null, special_from_date: null, special_to_date: null };
  }
  if (specialPrice >= price) {
    problem('special_price', `the special price ${formatZloty(specialPrice)} is not below the price ${formatZloty(price)}`);
    return null;
  }
  // An ended special price's dates do not carry over to a new one.
  const first = (from === undefined ? (runs ? state.special_from_date : null) : from) ?? today;
  const last = to === undefined ? (runs ? state.special_to_date : null) : to;
  if (last !== null && last < first) {
    problem(to === undefined ? 'special_from_date' : 'special_to_date', `the special price would end (${last}) before it starts (${first})`);
    return null;
  }
  return { price, special_price: specialPrice, special_from_date: first, special_to_date: last };
}

/** A supplier's net price made gross with the SKU's VAT rate (Cena netto × 1,23 for most radiators). */
function netToGross(net: number, state: SkuState, problem: Report): number | undefined {
  if (state.taxRate === null) {
    problem('price_net', "this product's tax class has no VAT rate: give the gross price (price)");
    return undefined;
  }
  const gross = grossFromNet(net, state.taxRate);
  if (!gross.ok) problem('price_net', gross.reason);
  return gross.ok ? gross.value : undefined;
}

/**
 * Stock after the row. Without is_in_stock, a counted SKU (managed, not volatile) is in stock
 * while its qty is above 0 — the rule orders apply when they take the last piece.
 */
function stockChange(row: ImportRow, state: SkuState, problem: Report): { qty: number; is_in_stock: boolean } | null {
  const hasQty = has(row, 'qty') && !isEmpty(row.cells.qty);
  const hasStatus = has(row, 'is_in_stock') && !isEmpty(row.cells.is_in_stock);
  if (!hasQty && !hasStatus) return null;
  if (state.type_id === 'configurable') {
    problem(hasQty ? 'qty' : 'is_in_stock', "a configurable product's stock is its variants': import the variants' SKUs");
    return null;
  }
  if (!state.stock) {
    problem(hasQty ? 'qty' : 'is_in_stock', 'this SKU has no stock row to change');
    return null;
  }
  const qty = hasQty ? read(parseQty(row.cells.qty), 'qty', problem) : state.stock.qty;
  const status = hasStatus ? read(parseFlag(row.cells.is_in_stock), 'is_in_stock', problem) : undefined;
  if (qty === undefined || (hasStatus && status === undefined)) return null;
  const counted = state.stock.manage_stock && !state.stock.is_volatile;
  const inStock = status ?? (counted ? qty > 0 : state.stock.is_in_stock);
  if (inStock && counted && qty === 0) {
    problem(hasQty ? 'qty' : 'is_in_stock', 'in stock with qty 0: the shop counts this SKU, so nobody could buy it (give qty, or is_in_stock 0)');
    return null;
  }
  return { qty, is_in_stock: inStock };
}

function categoryOf(cell: unknown, state: SkuState, catalogue: ImportCatalogue): Parsed<number> {
  if (state.kind === 'variant') return { ok: false, reason: "a variant is in its configurable product's categories: import the product's SKU" };
  const reference = String(cell).trim();
  const category = catalogue.category(reference);
  if (!category || !category.is_active) return { ok: false, reason: `unknown category "${reference}" (an id, a slug or a url path)` };
  if (category.level < 2) return { ok: false, reason: 'the main category holds every product: name one below it' };
  return { ok: true, value: category.id };
}

function attributesOf(cell: unknown, state: SkuState, catalogue: ImportCatalogue): Parsed<Record<string, AttributeValue>> {
  const pairs = attributePairs(cell);
  if (!pairs.ok) return pairs;
  const values: Record<string, AttributeValue> = {};
  for (const [code, raw] of pairs.value) {
    if (Object.hasOwn(values, code)) return { ok: false, reason: `${code} is given twice` };
    const value = attributeValue(code, raw, catalogue.attribute(code), state.lockedAttributes);
    if (!value.ok) return value;
    values[code] = value.value;
  }
  return { ok: true, value: values };
}
