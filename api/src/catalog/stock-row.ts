import type { StockInfo } from '@kaloryfer/api-contract';
import type { StockItemTable } from '../db/schema';

/** A stock row (the truth orders reserve) as the catalogue's stock fields. */
export function stockInfoOf(row: StockItemTable): StockInfo {
  return {
    is_in_stock: row.is_in_stock === 1,
    qty: row.qty,
    manage_stock: row.manage_stock === 1,
    is_volatile: row.is_volatile === 1,
    min_sale_qty: row.min_sale_qty,
    max_sale_qty: row.max_sale_qty,
  };
}
