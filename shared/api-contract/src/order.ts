import { Type, type Static } from '@sinclair/typebox';
import { CartOptionLabel, CartTotalSegment } from './cart';
import { answers } from './envelope';

/**
 * Orders (docs/orders.md): `POST /api/order` places the server cart, `GET /api/order/status`
 * reads an order for its shopper (the thank-you page), `POST /api/order/payment` starts another
 * payment attempt. The body of `POST /api/order` comes in both forms clients send
 * (docs/vsf-contract.md): VSF 1.12 posts the order itself, with no order id (core/pages/Checkout.js
 * prepareOrder → OrderService.placeOrder); the shop's checkout wraps it as `{order: {…}}` with its
 * own `order_id` — the API unwraps that before validation, so both meet `OrderBody`.
 */

const Text = (max: number) => Type.String({ maxLength: max });
const OptionalText = (max: number) => Type.Optional(Type.Union([Text(max), Type.Null()]));
const Country = Type.String({ minLength: 2, maxLength: 2 });

/**
 * An address as clients send it. Only these fields are read and stored (the API's
 * allowListedAddress → `OrderAddress`); VSF's extras (region, region_id, region_code,
 * sameAsBilling…) and anything else are dropped, never stored or echoed — hence open. Street
 * lines may be null or numbers: VSF sends `[street, apartmentNumber]` with an apartment number
 * left undefined (→ null in JSON).
 */
export const OrderBodyAddress = Type.Object(
  {
    firstname: Text(100),
    lastname: Text(100),
    street: Type.Array(Type.Union([Text(200), Type.Number(), Type.Null()]), { minItems: 1, maxItems: 3 }),
    city: Text(100),
    postcode: Text(16),
    country_id: Type.Optional(Country),
    countryId: Type.Optional(Country),
    telephone: OptionalText(32),
    email: OptionalText(254),
    company: OptionalText(200),
    vat_id: OptionalText(32),
  },
  { additionalProperties: true },
);
export type OrderBodyAddress = Static<typeof OrderBodyAddress>;

/** The order as `POST /api/order` takes it (unwrapped). Open: VSF sends more than the shop reads, and what it does not read is ignored. */
export const OrderBody = Type.Object(
  {
    order_id: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_-]+$',
        description: "the client's id for this order: sending it again returns the same order",
      }),
    ),
    cart_id: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    user_id: Type.Optional(Type.Union([Text(20), Type.Integer(), Type.Null()])),
    products: Type.Optional(
      Type.Array(Type.Object({}, { additionalProperties: true }), {
        maxItems: 200,
        description: 'read only for the retry key: the order is the server cart, priced by the server',
      }),
    ),
    addressInformation: Type.Object(
      {
        shippingAddress: OrderBodyAddress,
        billingAddress: Type.Optional(OrderBodyAddress),
        shipping_method_code: Type.String({ minLength: 1, maxLength: 32 }),
        shipping_carrier_code: Type.String({ minLength: 1, maxLength: 32 }),
        payment_method_code: Type.String({ minLength: 1, maxLength: 64 }),
        payment_method_additional: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type OrderBody = Static<typeof OrderBody>;

/** The fields every answered address has, an order's and the address book's (an empty optional field is left out). */
export const PostalAddress = Type.Object({
  firstname: Type.String(),
  lastname: Type.String(),
  street: Type.Array(Type.String()),
  city: Type.String(),
  postcode: Type.String(),
  country_id: Type.String(),
  telephone: Type.Optional(Type.String()),
  company: Type.Optional(Type.String()),
  vat_id: Type.Optional(Type.String()),
});
export type PostalAddress = Static<typeof PostalAddress>;

/** An order's address as stored and answered: the allow-listed fields, street lines as text. */
export const OrderAddress = Type.Object({ ...PostalAddress.properties, email: Type.Optional(Type.String()) });
export type OrderAddress = Static<typeof OrderAddress>;

/** Where an order stands: `pending_payment` until an online payment is confirmed, `processing` once paid or paid offline. */
export const OrderState = Type.Union([Type.Literal('pending_payment'), Type.Literal('processing'), Type.Literal('canceled')]);
export type OrderState = Static<typeof OrderState>;

/** The payment's side: `offline` for cash on delivery, transfer and the salon; `awaiting` → `paid` or `failed` through the gateway. */
export const PaymentState = Type.Union([Type.Literal('awaiting'), Type.Literal('paid'), Type.Literal('failed'), Type.Literal('offline')]);
export type PaymentState = Static<typeof PaymentState>;

/** `POST /api/order`'s answer: the order placed (or, `created: false`, the one placed before under this client order id). */
export const PlacedOrder = Type.Object({
  /** The shop's order number (increment_id), nine digits. */
  orderNumber: Type.String(),
  backendOrderId: Type.Integer(),
  clientOrderId: Type.String(),
  status: OrderState,
  paymentState: PaymentState,
  grandTotal: Type.Number(),
  /** False when this client order id had been placed before (a retry). */
  created: Type.Boolean(),
  /** The gateway's page, for an online method not paid yet. */
  paymentRedirect: Type.Optional(Type.String()),
});
export type PlacedOrder = Static<typeof PlacedOrder>;

/** A row of the order's totals: the cart's totals as they were when the order was placed. */
export const OrderTotalSegment = CartTotalSegment;
export type OrderTotalSegment = CartTotalSegment;

/** A line of a placed order, priced when it was placed; `options` are the chosen variant's labels. */
export const OrderLine = Type.Object({
  sku: Type.String(),
  name: Type.String(),
  qty: Type.Integer(),
  priceInclTax: Type.Number(),
  rowTotalInclTax: Type.Number(),
  options: Type.Array(CartOptionLabel),
});
export type OrderLine = Static<typeof OrderLine>;

/** An order as its shopper sees it (the thank-you page; the confirmation e-mail says the same). */
export const ShopperOrder = Type.Object({
  orderNumber: Type.String(),
  status: OrderState,
  paymentState: PaymentState,
  email: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
  paymentMethod: Type.Object({ code: Type.String(), title: Type.String(), offline: Type.Boolean() }),
  shippingMethod: Type.Object({ code: Type.String(), title: Type.String() }),
  grandTotal: Type.Number(),
  segments: Type.Array(OrderTotalSegment),
  items: Type.Array(OrderLine),
  shippingAddress: OrderAddress,
  billingAddress: OrderAddress,
});
export type ShopperOrder = Static<typeof ShopperOrder>;

/** The shop's order number (increment_id). */
const OrderNumber = Type.String({ pattern: '^\\d{9}$', description: "the shop's order number (increment_id)" });
/** The client order id proves the asker placed the order: order numbers are sequential, so the number alone is no secret. */
const ClientOrderId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'the client order id the order was placed with: proves the asker placed it',
});
/** Both keys of an order a shopper may open. */
export const OrderKeys = Type.Object({ order_increment_id: OrderNumber, order_id: ClientOrderId });
export type OrderKeys = Static<typeof OrderKeys>;

/** `POST /api/order` (+ `?token=` for a customer's cart). */
export const OrderPlace = {
  summary:
    'Place the order of a cart: prices from the server, stock reserved atomically, exactly once per order_id, Idempotency-Key or cart content. ' +
    'The body is the order (VSF 1.12) or {order: …} (order-body.ts)',
  tags: ['order'],
  querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }),
  body: OrderBody,
  response: answers(PlacedOrder),
};

/** `GET /api/order/status?order_increment_id=&order_id=`. */
export const OrderRead = {
  summary: 'An order as its shopper sees it on the thank-you page: status, payment state, lines, totals, addresses',
  tags: ['order'],
  querystring: OrderKeys,
  response: answers(ShopperOrder),
};

/** `POST /api/order/payment` `{order_increment_id, order_id}` → the gateway page to go to. */
export const OrderPaymentStart = {
  summary: 'Start a payment attempt for an order paid online (again after a failure); answers the gateway page to go to',
  tags: ['order'],
  body: OrderKeys,
  response: answers(Type.Object({ paymentRedirect: Type.String() })),
};
