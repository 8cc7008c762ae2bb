import type { Attribute } from '@kaloryfer/api-contract';
import type { ImportFile, ImportRow } from '../import-file';
import type { ImportCatalogue, SkuState } from '../import-rows';

/**
 * A small catalogue for the import's unit tests: a simple radiator with a running special price,
 * a valve without one, a configurable's variant and its parent, a bundle, a service (stock not
 * counted); two categories below the main one; a colour and a width attribute.
 */
export const IMPORT_TODAY = '2026-11-21';

const stock = (qty: number, managed = true) => ({ qty, is_in_stock: qty > 0 || !managed, manage_stock: managed, is_volatile: false });
const base = {
  special_price: null,
  special_from_date: null,
  special_from_moment: null,
  special_to_date: null,
  taxRate: 23,
  lockedAttributes: new Set<string>(),
};

export const SKUS: Record<string, SkuState> = {
  'KF-RAD-1': {
    ...base,
    kind: 'product',
    type_id: 'simple',
    price: 1299,
    special_price: 999,
    special_from_date: '2026-11-10',
    special_from_moment: '2026-11-10',
    special_to_date: '2026-11-30',
    stock: stock(12),
  },
  'KF-VALVE-1': { ...base, kind: 'product', type_id: 'simple', price: 89.99, stock: stock(40) },
  'KF-BOOK-1': { ...base, kind: 'product', type_id: 'downloadable', price: 49, stock: stock(0, false), taxRate: 5 },
  'KF-ODD-1': { ...base, kind: 'product', type_id: 'simple', price: 10, stock: stock(1), taxRate: null },
  'KF-LAD-1-500': { ...base, kind: 'variant', type_id: 'simple', price: 549, stock: stock(3), lockedAttributes: new Set(['color', 'width']) },
  'KF-LAD-1': { ...base, kind: 'product', type_id: 'configurable', price: 549, stock: stock(3, false), lockedAttributes: new Set(['color', 'width']) },
  'KF-SET-1': { ...base, kind: 'product', type_id: 'bundle', price: 0, stock: stock(5) },
  'KF-SERVICE-1': { ...base, kind: 'product', type_id: 'virtual', price: 199, stock: stock(0, false) },
};

const CATEGORIES = [
  { id: 2, slug: 'kaloryfer', url_path: 'kaloryfer', level: 1, is_active: true },
  { id: 6, slug: 'grzejniki-lazienkowe', url_path: 'grzejniki-lazienkowe', level: 2, is_active: true },
  { id: 7, slug: 'grzejniki-drabinkowe', url_path: 'grzejniki-lazienkowe/grzejniki-drabinkowe', level: 3, is_active: true },
];

const attribute = (code: string, input: Attribute['frontend_input'], options: Attribute['options'] = []): Attribute => ({
  attribute_id: 100,
  attribute_code: code,
  frontend_label: code,
  frontend_input: input,
  is_user_defined: true,
  is_visible: true,
  is_visible_on_front: true,
  is_comparable: true,
  is_filterable: true,
  position: 0,
  options,
});

const ATTRIBUTES = [
  attribute('color', 'select', [
    { value: '401', label: 'Biały', sort_order: 0 },
    { value: '402', label: 'Czarny mat', sort_order: 1 },
  ]),
  attribute('width', 'text'),
  attribute('delivery_time', 'text'),
  attribute('model', 'text'),
  attribute('free_valves', 'boolean'),
  attribute('news_to_date', 'date'),
  attribute('manufacturer', 'select', [{ value: '501', label: 'Termo-Lux', sort_order: 0 }]),
];

export const testCatalogue: ImportCatalogue = {
  today: IMPORT_TODAY,
  sku: (sku) => SKUS[sku],
  category: (reference) => CATEGORIES.find((category) => [String(category.id), category.slug, category.url_path].includes(reference)),
  attribute: (code) => ATTRIBUTES.find((candidate) => candidate.attribute_code === code),
};

/** A CSV-like file of these rows (row 2 on: the header is row 1). */
export function fileOf(...rows: ImportRow['cells'][]): ImportFile {
  const columns = [...new Set(rows.flatMap((cells) => Object.keys(cells)))] as ImportFile['columns'];
  return { format: 'csv', encoding: 'utf-8', columns, rows: rows.map((cells, index) => ({ row: index + 2, cells })), ignored: [], match: 'sku' };
}
