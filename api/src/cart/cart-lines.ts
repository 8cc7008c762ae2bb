import { checkQuantity, quantityMessage } from '@kaloryfer/domain';
import { priceBundle } from './line-steps/bundle';
import { priceCustomOptions } from './line-steps/custom-options';
import { lineOf } from './line-steps/line-of';
import { checkStock, priceSingle, unitPrice } from './line-steps/price-and-stock';
import { resolveItem, variantLabels } from './line-steps/resolve-item';
import { fail, type SkuLookup } from './line-steps/step';
import type { PricedLine, ProductOption } from './priced-line';

export { MESSAGES } from './line-steps/step';

export interface LineRequest {
  sku: string;
  qty: number;
  product_option?: ProductOption | null;
}

export type LineResult = { ok: true; line: PricedLine } | { ok: false; status: number; message: string };

/**
 * The shop's one quantity rule (shared/domain) for a request's quantity, as the answer's text.
 * A request's quantity is a JSON number: "3" as text is refused, not read as a number.
 */
export function quantityProblem(qty: unknown): string | null {
  const checked = checkQuantity(typeof qty === 'number' ? qty : Number.NaN);
  return checked.ok ? null : quantityMessage(checked);
}

/**
 * Resolves what a client asks to put in a cart into a line priced by the server, step by step
 * (line-steps/): the quantity, the product (a configurable's variant by its own sku or by its
 * option values), the chosen bundle selections or the tier price, the custom options checked
 * against the catalogue, the unit price, the stock of every SKU it takes. Anything the client
 * says about prices is never read. The first failing step answers, with the spec's message:
 * the steps' order is the order problems are told in.
 */
export function priceLine(catalog: SkuLookup, request: LineRequest, groupId = 0): LineResult {
  const qtyProblem = quantityProblem(request.qty);
  if (qtyProblem) return fail(400, qtyProblem);
  const qty = request.qty;
  const extension = request.product_option?.extension_attributes ?? {};
  const item = resolveItem(catalog, request.sku, extension);
  if (!item.ok) return item;
  const skus = item.product.type_id === 'bundle' ? priceBundle(catalog, item.product, extension.bundle_options ?? [], qty) : priceSingle(item, groupId, qty);
  if (!skus.ok) return skus;
  const custom = priceCustomOptions(item.product, extension.custom_options ?? []);
  if (!custom.ok) return custom;
  const unit = unitPrice(skus.unit, custom.adders, item.source);
  if (!unit.ok) return unit;
  const short = checkStock(skus.stock);
  if (short) return short;
  const labels = [...variantLabels(item), ...skus.labels, ...custom.labels];
  return { ok: true, line: lineOf({ item, qty, unit: unit.unit, skus, customOptions: custom.customOptions, labels }) };
}
