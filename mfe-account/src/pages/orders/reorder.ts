import { cartAddRequested, microcartToggleRequested, type ProductOptionInput } from '@kaloryfer/contracts';
import type { HistoryOrder } from '../../session/account-api';

type HistoryLine = HistoryOrder['items'][number];

/** The options a line was bought with, as the cart takes them (VSF's product_option.extension_attributes). */
function optionsOf(line: HistoryLine): ProductOptionInput | undefined {
  const extension = (line.product_option as { extension_attributes?: ProductOptionInput } | null | undefined)?.extension_attributes;
  return extension && Object.keys(extension).length > 0 ? extension : undefined;
}

/** The cart's request for one line: the same product, options and quantity, and what is known of it to show at once. */
export function addRequestOf(line: HistoryLine) {
  const productOption = optionsOf(line);
  return {
    sku: line.sku,
    ...(line.parent_sku ? { parentSku: line.parent_sku } : {}),
    qty: line.qty_ordered,
    ...(productOption ? { productOption } : {}),
    product: { name: line.name, priceInclTax: line.price_incl_tax, ...(line.image ? { image: line.image } : {}) },
  };
}

/**
 * "Zamów ponownie": every line goes to the cart engine (mfe-cart), which checks stock and prices
 * each one for today and says what it could not add; then the microcart opens to show the result.
 */
export function reorder(order: HistoryOrder): void {
  for (const line of order.items) cartAddRequested.emit(addRequestOf(line));
  microcartToggleRequested.emit({ open: true });
}
