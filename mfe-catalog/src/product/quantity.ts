import type { StockInfo } from '@kaloryfer/domain';

export type QuantityCheck = { ok: true; qty: number } | { ok: false; message: string; params?: Record<string, number> };

/**
 * The add-to-cart quantity (spec §5 messages): a positive whole number, above 0, and no more
 * than the stock allows when stock is managed (the sale maximum caps it too).
 */
export function checkQuantity(raw: string, stock: StockInfo | undefined): QuantityCheck {
  const text = raw.trim();
  if (!/^-?\d+$/.test(text)) return { ok: false, message: 'Quantity must be positive integer' };
  const qty = Number(text);
  if (qty <= 0) return { ok: false, message: 'Quantity must be above 0' };
  const limits = [stock?.max_sale_qty, stock?.manage_stock ? stock.qty : undefined].filter((limit): limit is number => typeof limit === 'number' && limit > 0);
  const maxQuantity = limits.length > 0 ? Math.min(...limits) : Number.POSITIVE_INFINITY;
  if (qty > maxQuantity) return { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity } };
  return { ok: true, qty };
}
