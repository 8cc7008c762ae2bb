import type { StockInfo } from '@kaloryfer/api-contract';

export type QuantityMessage = 'Quantity must be positive integer' | 'Quantity must be above 0' | 'Only {maxQuantity} products of this type are available';

export type QuantityCheck = { ok: true; qty: number } | { ok: false; message: QuantityMessage; params?: { maxQuantity: number } };

/** What the quantity rule reads of a SKU's stock (a product page may know less than the API). */
export type StockLimits = Pick<StockInfo, 'qty' | 'manage_stock' | 'max_sale_qty'> & Partial<Pick<StockInfo, 'is_volatile' | 'is_in_stock'>>;

/** The most of one line a cart takes. */
export const MAX_LINE_QTY = 999;

/**
 * The most units of one SKU a line may take (spec §4/§5): the line cap, the sale maximum when
 * set, and the counted stock when the shop counts it — unless the count is volatile (spec §8:
 * the supplier's number is unsure, so the cart takes more as a pre-reservation and warns).
 */
export function quantityLimit(stock?: StockLimits): number {
  const limits = [MAX_LINE_QTY];
  if (stock && stock.max_sale_qty > 0) limits.push(stock.max_sale_qty);
  // An SKU out of stock has no count to cap by: whether it can be bought at all is the cart's
  // verdict from live stock ('The product is out of stock…'), not "only 0 available".
  if (stock?.manage_stock && !stock.is_volatile && stock.is_in_stock !== false) limits.push(Math.max(0, Math.floor(stock.qty)));
  return Math.min(...limits);
}

/** A typed field ("7", " 7 ") or a request's number, as a whole number; anything else is not one. */
function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return /^-?\d+$/.test(text) ? Number(text) : null;
}

/**
 * The shop's one quantity rule — the product page, the microcart and the API's cart all ask
 * it, with the spec §5 messages: a whole number, above 0, within `quantityLimit(stock)`.
 * Whether the SKU is in stock at all is the cart's verdict from live stock, not this rule's.
 */
export function checkQuantity(raw: unknown, stock?: StockLimits): QuantityCheck {
  const qty = wholeNumber(raw);
  if (qty === null) return { ok: false, message: 'Quantity must be positive integer' };
  if (qty <= 0) return { ok: false, message: 'Quantity must be above 0' };
  const maxQuantity = quantityLimit(stock);
  if (qty > maxQuantity) return { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity } };
  return { ok: true, qty };
}

/** A failed check's message with its number filled in, for answers that carry plain text (the API). */
export function quantityMessage(check: Extract<QuantityCheck, { ok: false }>): string {
  return check.params ? check.message.replace('{maxQuantity}', String(check.params.maxQuantity)) : check.message;
}
