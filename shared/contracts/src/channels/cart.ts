import type { CartProductOption } from '@kaloryfer/api-contract';
import type { CartLine } from '../atoms/state-types';
import { defineCommand } from '../bus';

/** Selected options of a cart line: the API contract's product_option.extension_attributes, as the server stores them. */
export type ProductOptionInput = Readonly<NonNullable<CartProductOption['extension_attributes']>>;

/** What a remote asks the cart engine (mfe-cart) to add: the line's choice, in `$cart`'s words (`CartLine`). */
export interface CartAddRequest extends Readonly<Pick<CartLine, 'sku' | 'parentSku' | 'qty' | 'productOption'>> {
  /**
   * What the asking page knows of the product: the engine shows the line at once and checks
   * the price rule (spec §5) with it (null: unknown); the server prices the line for real.
   */
  readonly product?: Pick<CartLine, 'name' | 'image'> & {
    priceInclTax: CartLine['priceInclTax'] | null;
    typeId?: CartLine['typeId'];
    errors?: Record<string, string | null>;
  };
}

/** Command: add a product to the cart. Kept across a reload while the cart's code cannot arrive (offline on a first visit). */
export const cartAddRequested = defineCommand<CartAddRequest>('cart:add-requested', { keep: true });

export type MicrocartToggle = Readonly<{ open: boolean }>;

/** Command: open or close the microcart drawer (owned by mfe-cart). */
export const microcartToggleRequested = defineCommand<MicrocartToggle>('cart:microcart-toggle-requested');

/** `sync: false` leaves the server cart alone (spec §4). */
export type CartClear = Readonly<{ sync: boolean }>;

/** Command: empty the cart (after an order, at logout). */
export const cartClearRequested = defineCommand<CartClear>('cart:clear-requested');
