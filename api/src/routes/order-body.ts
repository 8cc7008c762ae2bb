import { createHash } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { ApiError } from '../http/envelope';
import type { AddressInput } from '../orders/orders';

/**
 * The body of `POST /api/order` in both forms clients send (vsf-contract.md): VSF 1.12 posts the
 * order itself, with no order id (core/pages/Checkout.js prepareOrder → OrderService.placeOrder);
 * the shop's checkout wraps it as `{order: {…}}` with its own `order_id`.
 */

const Text = (max: number) => Type.String({ maxLength: max });
const OptionalText = (max: number) => Type.Optional(Type.Union([Text(max), Type.Null()]));
const Country = Type.String({ minLength: 2, maxLength: 2 });

/**
 * An address as clients send it. Only these fields are read and stored (allowListedAddress); VSF's
 * extras (region, region_id, region_code, sameAsBilling…) and anything else are dropped, never
 * stored or echoed. Street lines may be null or numbers: VSF sends `[street, apartmentNumber]` with
 * an apartment number left undefined (→ null in JSON).
 */
export const OrderAddress = Type.Object({
  firstname: Text(100), lastname: Text(100),
  street: Type.Array(Type.Union([Text(200), Type.Number(), Type.Null()]), { minItems: 1, maxItems: 3 }),
  city: Text(100), postcode: Text(16),
  country_id: Type.Optional(Country), countryId: Type.Optional(Country),
  telephone: OptionalText(32), email: OptionalText(254), company: OptionalText(200), vat_id: OptionalText(32),
}, { additionalProperties: true });
type OrderAddress = Static<typeof OrderAddress>;

/** 8–64 characters of [A-Za-z0-9_-]: the client's own order id, sent as `order_id` or an `Idempotency-Key` header. */
export const CLIENT_ORDER_ID = '^[A-Za-z0-9_-]{8,64}$';

export const OrderFields = Type.Object({
  order_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the client\'s id for this order: sending it again returns the same order' })),
  cart_id: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  user_id: Type.Optional(Type.Union([Text(20), Type.Integer(), Type.Null()])),
  products: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 200, description: 'read only for the retry key: the order is the server cart, priced by the server' })),
  addressInformation: Type.Object({
    shippingAddress: OrderAddress,
    billingAddress: Type.Optional(OrderAddress),
    shipping_method_code: Type.String({ minLength: 1, maxLength: 32 }),
    shipping_carrier_code: Type.String({ minLength: 1, maxLength: 32 }),
    payment_method_code: Type.String({ minLength: 1, maxLength: 64 }),
    payment_method_additional: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
  }, { additionalProperties: true }),
}, { additionalProperties: true });
export type OrderFields = Static<typeof OrderFields>;

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
export function allowListedAddress(address: OrderAddress, where: string): AddressInput {
  const country = address.country_id ?? address.countryId;
  if (country === undefined) throw new ApiError(400, `${where}.country_id (or countryId) is required`);
  const street = address.street.filter((line) => line !== null).map((line) => String(line).trim()).filter(Boolean);
  const optional = { telephone: cleaned(address.telephone), email: cleaned(address.email), company: cleaned(address.company), vat_id: cleaned(address.vat_id) };
  return {
    firstname: address.firstname, lastname: address.lastname, street: street.length > 0 ? street : [''], city: address.city, postcode: address.postcode,
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
export function derivedOrderKey(order: OrderFields): string {
  const lines = (order.products ?? []).map((product) => {
    const line = product as Record<string, unknown>;
    return [line.server_item_id ?? line.item_id ?? null, line.sku ?? null, line.qty ?? null];
  });
  const info = order.addressInformation;
  const identity = JSON.stringify([order.cart_id, lines, info.shipping_carrier_code, info.shipping_method_code, info.payment_method_code]);
  return `vsf-${createHash('sha256').update(identity).digest('base64url').slice(0, 40)}`;
}

/** The order's exactly-once key: `order_id`, else the `Idempotency-Key` header, else derived from the cart. */
export function clientOrderIdOf(order: OrderFields, idempotencyKey: string | string[] | undefined): string {
  if (order.order_id) return order.order_id;
  if (idempotencyKey !== undefined) {
    if (typeof idempotencyKey !== 'string' || !new RegExp(CLIENT_ORDER_ID).test(idempotencyKey)) {
      throw new ApiError(400, 'Idempotency-Key must be 8–64 characters of A–Z, a–z, 0–9, _ and -');
    }
    return idempotencyKey;
  }
  return derivedOrderKey(order);
}
