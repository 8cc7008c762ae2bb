import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import type { Db } from '../../db/database';
import { csvRecord } from '../import/import-csv';

/**
 * The current price list in the import's own format (docs/catalogue.md, "The round trip"):
 * every SKU an import can price — simple, virtual and downloadable products and configurables'
 * variants; not configurables, bundles or grouped sets, whose prices are their parts' — with the
 * gross price, the special price and its days, and the stock. Imported back unchanged, it changes
 * nothing: `price` here is gross, as the import reads it (the search API's `price` is net; its
 * `price_incl_tax` is this one).
 */
export const EXPORT_COLUMNS = ['sku', 'name', 'price', 'special_price', 'special_from_date', 'special_to_date', 'qty', 'is_in_stock'] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportRow = Record<ExportColumn, string | number | boolean | null>;

const COMPUTED_PRICE = new Set(['configurable', 'bundle', 'grouped']);
const PAGE = 500;

export async function exportPriceList(db: Db): Promise<ExportRow[]> {
  const stock = new Map((await db.kysely.selectFrom('stock_item').select(['sku', 'qty', 'is_in_stock']).execute()).map((row) => [row.sku, row]));
  const rows: ExportRow[] = [];
  // Paged by id: at 100,000 products the documents are read a few hundred at a time, not all held at once.
  for (let after = 0; ;) {
    const page = await db.kysely.selectFrom('product').select(['id', 'doc']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    for (const { doc } of page) {
      const product = JSON.parse(doc) as Product;
      const priced: (Product | ConfigurableChild)[] = product.type_id === 'configurable' ? (product.configurable_children ?? []) : [product];
      for (const item of priced) {
        if (COMPUTED_PRICE.has(item.type_id)) continue;
        const held = stock.get(item.sku);
        rows.push({
          sku: item.sku,
          name: item.name,
          price: item.price,
          special_price: item.special_price ?? null,
          // A day, as a file gives it: a promotion an import started at 09:30 exports as that day, which imports back as no change.
          special_from_date: item.special_from_date ? item.special_from_date.slice(0, 10) : null,
          special_to_date: item.special_to_date ? item.special_to_date.slice(0, 10) : null,
          qty: held?.qty ?? null,
          is_in_stock: held ? held.is_in_stock === 1 : null,
        });
      }
    }
  }
  return rows;
}

/** Złoty as a Polish spreadsheet writes them (decimal comma, no thousands separator): the import reads them back exactly. */
const zloty = (amount: number) => amount.toFixed(2).replace('.', ',');

/** `;`-separated UTF-8 with a BOM, what a Polish Excel opens with its letters intact and the import reads. */
export function priceListCsv(rows: ExportRow[]): string {
  const lines = [csvRecord(EXPORT_COLUMNS)];
  for (const row of rows) {
    lines.push(
      csvRecord(
        EXPORT_COLUMNS.map((column) => {
          const value = row[column];
          if (value === null) return '';
          if (typeof value === 'boolean') return value ? '1' : '0';
          if (typeof value === 'number') return column === 'qty' ? String(value) : zloty(value);
          return value;
        }),
      ),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
