import type { CartItem, CartProductOption } from '@kaloryfer/api-contract';
import type { ProductOptionInput } from '@kaloryfer/contracts';
import { ApiFailure } from '@kaloryfer/ui';
import { ADD_MESSAGES, stockSync } from './cart-rules';
import type { EngineItem } from './cart-state';
import { messageOf } from './server-message';

/**
 * The server's answers as the engine reads them: a line the server priced over the local one
 * (`decorate`), a line only the server has (`fromServer`), why it refused a line (`problemOf`),
 * and the two wire details every call shares (`wrap`, `isGone`). Pure, so a part can be read
 * without the server.
 */

/** A line's options as `cart/update` takes them. */
export const wrap = (option: ProductOptionInput | undefined): CartProductOption | undefined =>
  option && Object.keys(option).length > 0 ? { extension_attributes: option } : undefined;

/** The server cart is gone or not ours any more (a new cart takes the local lines). */
export const isGone = (error: unknown) => error instanceof ApiFailure && [401, 403, 404].includes(error.status);

/** A server line's problem as the shopper reads it; an out-of-stock line is the stock sync's 'Out of the stock!'. */
export function problemOf(text: string | undefined): Pick<EngineItem, 'error' | 'errorParams'> {
  if (!text) return { error: undefined, errorParams: undefined };
  if (text === ADD_MESSAGES.outOfStock) return { error: stockSync(false).error, errorParams: undefined };
  const { message, params } = messageOf(new ApiFailure(400, text));
  return { error: message, errorParams: params };
}

/** The line as the server priced it, over what the client knew. */
export function decorate(item: EngineItem, line: CartItem, cartId: string): EngineItem {
  // The server answered: no change is owed any more.
  const { pending_change: _answered, ...rest } = item;
  return {
    ...rest,
    qty: line.qty,
    parentSku: line.parent_sku ?? item.parentSku,
    server_item_id: line.item_id,
    server_cart_id: cartId,
    // A line the catalogue no longer knows comes back named by its SKU: the name the shopper saw stays.
    name: line.error && line.name === line.sku ? item.name : line.name,
    price: line.price,
    rowTotal: line.row_total_incl_tax,
    image: line.image ?? item.image,
    slug: line.slug ?? item.slug,
    options: line.options,
    ...problemOf(line.error),
  };
}

/** A line only the server cart has, as the engine keeps it. */
export function fromServer(line: CartItem, cartId: string): EngineItem {
  const option = line.product_option?.extension_attributes;
  const base: EngineItem = {
    sku: line.sku,
    type_id: line.product_type,
    qty: line.qty,
    name: line.name,
    price: line.price,
    rowTotal: line.row_total_incl_tax,
    options: [],
    ...(option ? { product_option: option } : {}),
  };
  return decorate(base, line, cartId);
}
