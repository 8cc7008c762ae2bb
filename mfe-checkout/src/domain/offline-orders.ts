import type { PaymentMethod, PlacedOrder } from '@kaloryfer/api-contract';
import type { CartAddRequest, CartLine, CartState, SyncTaskRequested } from '@kaloryfer/contracts';
import { readStored, writeStored } from '@kaloryfer/ui';
import type { OrderRequest } from './order';

/**
 * Orders placed offline (spec §4 "Connectivity"). The order itself waits in the shell's sync
 * queue (IndexedDB) as a task the shopper — or the thank-you page — confirms; here the checkout
 * keeps what the thank-you page shows meanwhile: the lines and totals as the shopper last saw
 * them (the server prices the order again when it arrives).
 */
export const OFFLINE_ORDERS_KEY = 'kaloryfer.offlineOrders';
const KEEP = 10;

export interface OfflineOrder {
  clientOrderId: string;
  placedAt: number;
  email: string;
  paymentTitle: string;
  items: OfflineOrderLine[];
  /** The grand total the shopper saw (null when the totals never arrived). */
  grandTotal: number | null;
  /** The lines went back into the cart after the server refused the order (once: cartOfRefusedOrder). */
  restored?: boolean;
}

/** A line as the thank-you page shows it, and as the cart takes it back if the order is refused: a part of `$cart`'s line. */
export type OfflineOrderLine = Pick<CartLine, 'sku' | 'name' | 'qty' | 'rowTotalInclTax' | 'parentSku' | 'image' | 'productOption'> &
  Partial<Pick<CartLine, 'priceInclTax' | 'typeId'>>;

/** What the checkout keeps of a cart line for an order placed offline. */
export const offlineLineOf = ({ sku, name, qty, rowTotalInclTax, parentSku, priceInclTax, typeId, image, productOption }: CartLine): OfflineOrderLine => ({
  sku,
  name,
  qty,
  rowTotalInclTax,
  ...(parentSku ? { parentSku } : {}),
  priceInclTax,
  typeId,
  ...(image ? { image } : {}),
  ...(productOption ? { productOption } : {}),
});

/**
 * The server refused an order placed offline (its lines sold out meanwhile, a price gone): the
 * shopper keeps what they chose — each line goes back into the cart, where the cart says which
 * cannot be bought now (the spec's messages), and they change the order. Once: the order is
 * marked restored. Answers the add requests (none when restored already or unknown).
 */
export function cartOfRefusedOrder(clientOrderId: string): CartAddRequest[] {
  const order = offlineOrderOf(clientOrderId);
  if (!order || order.restored) return [];
  writeStored(
    OFFLINE_ORDERS_KEY,
    stored().map((known) => (known.clientOrderId === clientOrderId ? { ...known, restored: true } : known)),
  );
  return order.items.map((line) => ({
    sku: line.sku,
    ...(line.parentSku ? { parentSku: line.parentSku } : {}),
    qty: line.qty,
    ...(line.productOption ? { productOption: line.productOption } : {}),
    product: {
      name: line.name,
      priceInclTax: line.priceInclTax ?? (line.qty > 0 ? line.rowTotalInclTax / line.qty : null),
      ...(line.image ? { image: line.image } : {}),
      ...(line.typeId ? { typeId: line.typeId } : {}),
    },
  }));
}

/** The queue's name for the order: one per client order id, so a second "place" is the same task. */
export const offlineOrderTaskId = (clientOrderId: string) => `order-${clientOrderId}`;

/**
 * Can this order wait for the connection? Only a payment that needs no gateway page (bank
 * transfer, cash on delivery, pay in store: the methods the server marks `offline`), and only a
 * cart the server already holds line for line — the order is placed from the server's cart.
 */
export function canWaitOffline(cart: Pick<CartState, 'cartId' | 'items' | 'syncing'>, payment: Pick<PaymentMethod, 'offline'> | undefined): boolean {
  if (!payment?.offline || !cart.cartId || cart.syncing || cart.items.length === 0) return false;
  return cart.items.every((line) => line.itemId !== undefined && !line.error);
}

/**
 * The queued call: the same body and client order id as an online order (the server places it
 * once, whatever happens to the answer), the customer's token filled in when it is sent, the
 * result kept for the thank-you page, and a notification wherever the shopper is if it is refused.
 */
export function offlineOrderTask(body: OrderRequest): SyncTaskRequested {
  const clientOrderId = body.order.order_id;
  return {
    task_id: offlineOrderTaskId(clientOrderId),
    url: '/api/order?token={{token}}',
    payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    callback_event: 'order:placed-offline',
    is_result_cacheable: true,
    awaits_confirmation: true,
    meta: { offlineOrder: clientOrderId },
  };
}

const stored = () => {
  const orders = readStored<OfflineOrder[]>(OFFLINE_ORDERS_KEY, []);
  return Array.isArray(orders) ? orders : [];
};

export function rememberOfflineOrder(order: OfflineOrder): void {
  writeStored(OFFLINE_ORDERS_KEY, [order, ...stored().filter((known) => known.clientOrderId !== order.clientOrderId)].slice(0, KEEP));
}

export function offlineOrderOf(clientOrderId: string): OfflineOrder | null {
  return stored().find((order) => order.clientOrderId === clientOrderId) ?? null;
}

/** Sent and answered: the placed order's own record (placed-orders.ts) takes over. */
export function forgetOfflineOrder(clientOrderId: string): void {
  writeStored(
    OFFLINE_ORDERS_KEY,
    stored().filter((order) => order.clientOrderId !== clientOrderId),
  );
}

/**
 * The order's number from the API's answer (`PlacedOrder`), if it is one: the queue hands the
 * answer back as it was kept, unchecked (a refusal's `result` is a message), so it is read warily.
 */
export function orderNumberOf(result: unknown): string | null {
  const number: unknown = (result as Partial<Pick<PlacedOrder, 'orderNumber'>> | null)?.orderNumber;
  return typeof number === 'string' && number !== '' ? number : null;
}
