import type { StockInfo } from '../catalog/product';

export type QuantityCheck = { ok: true; qty: number } | { ok: false; message: string; params?: Record<string, number> };

/** The most of one line a cart takes (the API refuses more with the same message). */
export const MAX_LINE_QTY = 999;

/**
 * The add-to-cart and microcart quantity (spec §5 messages): a positive whole number, above 0, and no more
 * than the stock allows when stock is managed (the sale maximum caps it too).
 */
export function checkQuantity(raw: string, stock?: StockInfo): QuantityCheck {
  const text = raw.trim();
  if (!/^-?\d+$/.test(text)) return { ok: false, message: 'Quantity must be positive integer' };
  const qty = Number(text);
  if (qty <= 0) return { ok: false, message: 'Quantity must be above 0' };
  const limits = [MAX_LINE_QTY, stock?.max_sale_qty, stock?.manage_stock ? stock.qty : undefined].filter((limit): limit is number => typeof limit === 'number' && limit > 0);
  const maxQuantity = Math.min(...limits);
  if (qty > maxQuantity) return { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity } };
  return { ok: true, qty };
}
