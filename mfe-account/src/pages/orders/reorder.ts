import type { OrderHistoryEntry, OrderHistoryLine } from '@kaloryfer/api-contract';
import { cartAddRequested, microcartToggleRequested, type ProductOptionInput } from '@kaloryfer/contracts';

/** The options a line was bought with, as the cart takes them (VSF's product_option.extension_attributes). */
function optionsOf(line: OrderHistoryLine): ProductOptionInput | undefined {
  const extension = line.product_option?.extension_attributes;
  return extension && Object.keys(extension).length > 0 ? extension : undefined;
}

/** The cart's request for one line: the same product, options and quantity, and what is known of it to show at once. */
export function addRequestOf(line: OrderHistoryLine) {
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
export function reorder(order: OrderHistoryEntry): void {
  for (const line of order.items) cartAddRequested.emit(addRequestOf(line));
  microcartToggleRequested.emit({ open: true });
}
