import type { CartState } from '@kaloryfer/contracts';
import { itemsCount, type CartFlags } from './cart-rules';
import type { StoredCart } from './cart-state';

/**
 * What the engine publishes of its cart: the stored lines and totals turned into `$cart`'s
 * `CartState` (contracts), plus whether the cart is loaded and a change is under way. The
 * engine is `$cart`'s one writer; this is the one place that shapes what it writes.
 */

export interface ProjectionFlags {
  countType: CartFlags['countType'];
  /** `$cart`'s isLoaded: the stored cart has been read. */
  isLoaded: boolean;
  /** A change or a sync is queued or running. */
  syncing: boolean;
}

/** The stored cart as `$cart` publishes it. */
export function projectCart({ items, totals, token }: StoredCart, { countType, isLoaded, syncing }: ProjectionFlags): CartState {
  return {
    items: items.map((item) => ({
      sku: item.sku,
      parentSku: item.parentSku,
      name: item.name,
      qty: item.qty,
      priceInclTax: item.price,
      rowTotalInclTax: item.rowTotal,
      typeId: item.type_id,
      image: item.image,
      slug: item.slug,
      productOption: item.product_option,
      options: item.options,
      itemId: item.server_item_id,
      ...(item.error ? { error: item.error, errorParams: item.errorParams } : {}),
    })),
    itemsCount: itemsCount(items, countType),
    grandTotal: totals?.grand_total ?? null,
    isLoaded,
    cartId: token,
    totals: totals
      ? {
          subtotalInclTax: totals.subtotal_incl_tax,
          discountAmount: totals.discount_amount,
          couponCode: totals.coupon_code,
          shippingInclTax: totals.shipping_incl_tax,
          grandTotal: totals.grand_total,
          segments: totals.total_segments,
        }
      : null,
    syncing,
  };
}

/** Writes `$cart` through `write`, but only when what it would write changed. */
export class CartProjection {
  private lastPublished = '';

  constructor(private readonly write: (state: CartState) => void) {}

  publish(state: StoredCart, view: ProjectionFlags): void {
    const next = projectCart(state, view);
    // Readers re-render on every write: an unchanged cart is not written again.
    const text = JSON.stringify(next);
    if (text === this.lastPublished) return;
    this.lastPublished = text;
    this.write(next);
  }
}
