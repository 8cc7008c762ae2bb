/**
 * How a supplier's file maps onto the import (docs/catalogue.md, "Importing prices and stock": formats, headers, profiles): the fields a
 * row can set, the encodings and formats a file may come in, and a supplier's saved profile —
 * which header means which field, which columns to ignore, how a row finds its SKU.
 */

/** The import's own columns (docs/catalogue.md, "Importing prices and stock"). */
export const IMPORT_COLUMNS = [
  'sku',
  'price',
  'special_price',
  'special_from_date',
  'special_to_date',
  'qty',
  'is_in_stock',
  'name',
  'category',
  'attributes',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * The fields a row can set: the import's own columns, plus `price_net` (a net price, made gross
 * with the SKU's tax class) and `ean` (a GTIN the SKU is found by when the profile matches by EAN).
 */
export const IMPORT_FIELDS = [...IMPORT_COLUMNS, 'price_net', 'ean'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1250', 'iso-8859-2'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const IMPORT_FORMATS = ['csv', 'json', 'xlsx', 'xml'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A supplier's saved mapping (`--save-profile`, stored in the database, used with `--profile`). */
export interface ImportProfile {
  /** The supplier's name, as the operator types it (`--profile hurtownia-abc`). */
  name: string;
  /**
   * A header (or an XML element name) as the supplier writes it → the field it fills, or null
   * for a column to ignore without a warning. Headers match as `columnName` normalises them
   * (case, spaces, dashes and Polish letters do not matter). Headers not named here fall back to
   * the built-in Polish and English aliases.
   */
  columns: Record<string, ImportField | null>;
  /** How a row finds its SKU: the shop's SKU (default), or the product's EAN/GTIN. */
  match?: 'sku' | 'ean';
  /** The file's encoding when detection is not wanted. */
  encoding?: ImportEncoding;
  /** An XLSX file's sheet (by name); the first sheet otherwise. */
  sheet?: string;
  /** An XML feed: the element that holds one product (`produkt`); its child elements are its columns. */
  xml?: { record: string };
}

/** What reading a file may be told; the profile's own settings apply where these leave a gap. */
export interface ParseOptions {
  format?: ImportFormat;
  encoding?: ImportEncoding;
  sheet?: string;
  profile?: ImportProfile;
}
