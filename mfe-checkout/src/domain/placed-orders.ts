import { readStored, writeStored } from '@kaloryfer/ui';

/**
 * Orders this browser placed: the thank-you page needs the client order id to read an order's
 * state (the number alone is no secret). The last-order timestamp is spec §4's.
 */
export const PLACED_ORDERS_KEY = 'kaloryfer.orders';
export const LAST_ORDER_AT_KEY = 'kaloryfer.lastOrderAt';
const KEEP = 10;

interface PlacedOrderRef { orderNumber: string; clientOrderId: string; placedAt: number }

export function rememberOrder(orderNumber: string, clientOrderId: string, now: number): void {
  const earlier = readStored<PlacedOrderRef[]>(PLACED_ORDERS_KEY, []).filter((order) => order.orderNumber !== orderNumber);
  writeStored(PLACED_ORDERS_KEY, [{ orderNumber, clientOrderId, placedAt: now }, ...earlier].slice(0, KEEP));
  writeStored(LAST_ORDER_AT_KEY, now);
}

export function clientOrderIdOf(orderNumber: string): string | null {
  const orders = readStored<PlacedOrderRef[]>(PLACED_ORDERS_KEY, []);
  return Array.isArray(orders) ? orders.find((order) => order.orderNumber === orderNumber)?.clientOrderId ?? null : null;
}
