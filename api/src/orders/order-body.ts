import { createHash } from 'node:crypto';
import type { OrderBody, OrderBodyAddress } from '@kaloryfer/api-contract';
import { ApiError } from '../http/envelope';
import type { AddressInput } from './orders';

/**
 * The body of `POST /api/order` in both forms clients send (docs/vsf-contract.md): VSF 1.12 posts the
 * order itself, with no order id (core/pages/Checkout.js prepareOrder → OrderService.placeOrder);
 * the shop's checkout wraps it as `{order: {…}}` with its own `order_id`. Its schema is
 * `OrderBody` in shared/api-contract (order.ts); here is what the API does with it.
 */

/** 8–64 characters of [A-Za-z0-9_-]: the client's own order id, sent as `order_id` or an `Idempotency-Key` header. */
export const CLIENT_ORDER_ID = '^[A-Za-z0-9_-]{8,64}$';

/** `{order: {…}}` → the order; VSF's bare order stays as it is. Runs before the schema, so both forms meet one schema. */
export function unwrapOrder(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const wrapped = (body as { order?: unknown }).order;
    if (wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped)) return wrapped;
  }
  return body;
}

const cleaned = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The address as stored: the allow-listed fields only, street lines as text without the empty ones. */
export function allowListedAddress(address: OrderBodyAddress, where: string): AddressInput {
  const country = address.country_id ?? address.countryId;
  if (country === undefined) throw new ApiError(400, `${where}.country_id (or countryId) is required`);
  const street = address.street
    .filter((line) => line !== null)
    .map((line) => String(line).trim())
    .filter(Boolean);
  const optional = { telephone: cleaned(address.telephone), email: cleaned(address.email), company: cleaned(address.company), vat_id: cleaned(address.vat_id) };
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    street: street.length > 0 ? street : [''],
    city: address.city,
    postcode: address.postcode,
    country_id: country,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

/**
 * The key that makes an order exactly-once when the client sends none (VSF 1.12): the cart id and
 * the cart's content version as the client knows it — each line's server item id (new for every
 * line ever added: ids are never reused), sku and quantity — with the delivery and payment chosen.
 * The same request again (a retry, the offline queue) gives the same key and the first order; VSF
 * starts a new server cart after every order (cart/clear → disconnect), so a later purchase never
 * shares it, and a cart whose content changed is a different order.
 */
export function derivedOrderKey(order: OrderBody): string {
  const lines = (order.products ?? []).map((product) => {
    const line = product as Record<string, unknown>;
    return [line.server_item_id ?? line.item_id ?? null, line.sku ?? null, line.qty ?? null];
  });
  const info = order.addressInformation;
  const identity = JSON.stringify([order.cart_id, lines, info.shipping_carrier_code, info.shipping_method_code, info.payment_method_code]);
  return `vsf-${createHash('sha256').update(identity).digest('base64url').slice(0, 40)}`;
}

/** The order's exactly-once key: `order_id`, else the `Idempotency-Key` header, else derived from the cart. */
export function clientOrderIdOf(order: OrderBody, idempotencyKey: string | string[] | undefined): string {
  if (order.order_id) return order.order_id;
  if (idempotencyKey !== undefined) {
    if (typeof idempotencyKey !== 'string' || !new RegExp(CLIENT_ORDER_ID).test(idempotencyKey)) {
      throw new ApiError(400, 'Idempotency-Key must be 8–64 characters of A–Z, a–z, 0–9, _ and -');
    }
    return idempotencyKey;
  }
  return derivedOrderKey(order);
}
