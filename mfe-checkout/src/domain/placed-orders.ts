import { readStored, writeStored } from '@kaloryfer/ui';

/**
 * Orders this browser placed: the thank-you page needs the client order id to read an order's
 * state (the number alone is no secret). The last-order timestamp is spec §4's.
 */
export const PLACED_ORDERS_KEY = 'kaloryfer.orders';
export const LAST_ORDER_AT_KEY = 'kaloryfer.lastOrderAt';
const KEEP = 10;

/**
 * What became of "create an account" asked for with the order (the order stands either way):
 * made, refused because the e-mail has an account already, or failed otherwise.
 */
export type AccountOutcome = 'created' | 'exists' | 'failed';

interface PlacedOrderRef {
  orderNumber: string;
  clientOrderId: string;
  placedAt: number;
  account?: AccountOutcome;
}

const placedOrders = () => {
  const orders = readStored<PlacedOrderRef[]>(PLACED_ORDERS_KEY, []);
  return Array.isArray(orders) ? orders : [];
};

export function rememberOrder(orderNumber: string, clientOrderId: string, now: number, account?: AccountOutcome): void {
  const earlier = placedOrders().filter((order) => order.orderNumber !== orderNumber);
  writeStored(PLACED_ORDERS_KEY, [{ orderNumber, clientOrderId, placedAt: now, ...(account ? { account } : {}) }, ...earlier].slice(0, KEEP));
  writeStored(LAST_ORDER_AT_KEY, now);
}

export function clientOrderIdOf(orderNumber: string): string | null {
  return placedOrders().find((order) => order.orderNumber === orderNumber)?.clientOrderId ?? null;
}

/** The account asked for with this order, for the thank-you page (null: none was asked for). */
export function accountOutcomeOf(orderNumber: string): AccountOutcome | null {
  return placedOrders().find((order) => order.orderNumber === orderNumber)?.account ?? null;
}
