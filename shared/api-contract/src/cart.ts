import { Type, type Static } from '@sinclair/typebox';
import { answers, Nullable } from './envelope';

/**
 * The VSF cart calls (docs/cart.md "Calls", docs/vsf-contract.md): `/api/cart/*`. Guest carts
 * are created without a token; the cart id (`?cartId=`) is the guest's secret. Every price and
 * total in these answers is the server's.
 */

/** `?cartId=` (the guest's secret), the customer's `?token=` (or `Authorization: Bearer`), VSF's `?storeCode=`. */
export const CartQuery = Type.Object({
  cartId: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  token: Type.Optional(Type.String({ maxLength: 2000 })),
  storeCode: Type.Optional(Type.String({ maxLength: 16 })),
});
export type CartQuery = Static<typeof CartQuery>;

const OptionValue = Type.Union([Type.String({ maxLength: 500 }), Type.Integer()]);

/** The product_option a client asks for (VSF sends more than the shop reads: open objects, only the lists bounded). */
export const CartProductOptionInput = Type.Object(
  {
    extension_attributes: Type.Optional(
      Type.Object(
        {
          configurable_item_options: Type.Optional(
            Type.Array(Type.Object({ option_id: OptionValue, option_value: OptionValue }, { additionalProperties: true }), { maxItems: 10 }),
          ),
          bundle_options: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  option_id: Type.Integer(),
                  option_qty: Type.Optional(Type.Integer()),
                  option_selections: Type.Array(Type.Integer(), { maxItems: 20 }),
                },
                { additionalProperties: true },
              ),
              { maxItems: 20 },
            ),
          ),
          custom_options: Type.Optional(
            Type.Array(Type.Object({ option_id: OptionValue, option_value: Type.String({ maxLength: 500 }) }, { additionalProperties: true }), {
              maxItems: 20,
            }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type CartProductOptionInput = Static<typeof CartProductOptionInput>;

/**
 * A line's options as the server stored them (api/src/cart/line-steps/line-of.ts): normalised —
 * a configurable's variant as every option's attribute id and value in text, a bundle's
 * selections sorted with the qty each takes, custom option ids and values in text; only the
 * lists that apply are there.
 */
export const CartProductOption = Type.Object({
  extension_attributes: Type.Optional(
    Type.Object({
      configurable_item_options: Type.Optional(Type.Array(Type.Object({ option_id: Type.String(), option_value: Type.String() }))),
      bundle_options: Type.Optional(
        Type.Array(Type.Object({ option_id: Type.Integer(), option_qty: Type.Integer(), option_selections: Type.Array(Type.Integer()) })),
      ),
      custom_options: Type.Optional(Type.Array(Type.Object({ option_id: Type.String(), option_value: Type.String() }))),
    }),
  ),
});
export type CartProductOption = Static<typeof CartProductOption>;

/** A chosen option in words, for the microcart ("Kolor" / "Biały"). */
export const CartOptionLabel = Type.Object({ label: Type.String(), value: Type.String() });
export type CartOptionLabel = Static<typeof CartOptionLabel>;

/**
 * A cart line as `pull` and `update` answer it (VSF: item_id, sku, qty, name, price, product_type,
 * quote_id, product_option). A line that cannot be bought any more keeps its name and picture,
 * costs 0 (it is not charged) and carries `error`; `image` and `slug` are missing only when the
 * catalogue no longer knows the SKU at all.
 */
export const CartItem = Type.Object({
  item_id: Type.Integer(),
  sku: Type.String(),
  qty: Type.Integer(),
  /** The cart's id (VSF's quote). */
  quote_id: Type.String(),
  name: Type.String(),
  /** Gross unit price for this qty; 0 for a line that cannot be bought. */
  price: Type.Number(),
  product_type: Type.String(),
  /** Missing for a line without options. */
  product_option: Type.Optional(CartProductOption),
  row_total_incl_tax: Type.Number(),
  image: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String()),
  /** The configurable's sku when the line is one of its variants. */
  parent_sku: Nullable(Type.String()),
  options: Type.Array(CartOptionLabel),
  /** Why the line cannot be bought as it is (the spec's message); such a line is left out of the totals. */
  error: Type.Optional(Type.String()),
});
export type CartItem = Static<typeof CartItem>;

/** A row of the totals; `code` is stable (the storefront translates it), `title` the server's Polish text. */
export const CartTotalSegment = Type.Object({
  code: Type.Union([
    Type.Literal('subtotal'),
    Type.Literal('discount'),
    Type.Literal('shipping'),
    Type.Literal('payment'),
    Type.Literal('tax'),
    Type.Literal('grand_total'),
  ]),
  title: Type.String(),
  value: Type.Number(),
});
export type CartTotalSegment = Static<typeof CartTotalSegment>;

/** A line of the totals: only lines that can be bought are here. */
export const CartTotalsItem = Type.Object({
  item_id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  qty: Type.Integer(),
  price_incl_tax: Type.Number(),
  row_total_incl_tax: Type.Number(),
  options: Type.Array(CartOptionLabel),
});
export type CartTotalsItem = Static<typeof CartTotalsItem>;

/**
 * The cart's totals, computed by the server (shared/domain cartTotals): gross amounts in złoty,
 * rounded to grosze. `shipping_method` (`carrier_method`) and `payment_method` are the chosen
 * ones while they still apply to the cart, else null.
 */
export const CartTotals = Type.Object({
  subtotal_incl_tax: Type.Number(),
  /** Negative or 0, as Magento reports it. */
  discount_amount: Type.Number(),
  /** The cart's coupon, also while it gives nothing (a condition it stopped meeting). */
  coupon_code: Nullable(Type.String()),
  shipping_incl_tax: Type.Number(),
  payment_fee_incl_tax: Type.Number(),
  /** The VAT the grand total contains (23 %). */
  tax_amount: Type.Number(),
  grand_total: Type.Number(),
  total_segments: Type.Array(CartTotalSegment),
  items: Type.Array(CartTotalsItem),
  shipping_method: Nullable(Type.String()),
  payment_method: Nullable(Type.String()),
});
export type CartTotals = Static<typeof CartTotals>;

/** A payment method of spec §9 (shared/domain PAYMENT_METHODS). */
export const PaymentMethod = Type.Object({
  code: Type.String(),
  title: Type.String(),
  /** Gross fee added to the order. */
  cost_incl_tax: Type.Number(),
  /** Paid outside the gateway (on delivery, by transfer, in the salon). */
  offline: Type.Boolean(),
  is_server_method: Type.Literal(true),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

/** A shipping method with its price for this cart; one that cannot be used says why (shared/domain shippingMethodsFor). */
export const ShippingMethod = Type.Object({
  carrier_code: Type.String(),
  method_code: Type.String(),
  carrier_title: Type.String(),
  method_title: Type.String(),
  amount: Type.Number(),
  price_incl_tax: Type.Number(),
  available: Type.Boolean(),
  /** Why it is unavailable: a code the storefront translates (`shipping.unavailable.<code>`)… */
  unavailable_reason: Type.Optional(Type.Union([Type.Literal('nothing-to-ship'), Type.Literal('does-not-fit-locker')])),
  /** …and the same in Polish, for VSF clients that show the server's text. */
  error_message: Type.Optional(Type.String()),
});
export type ShippingMethod = Static<typeof ShippingMethod>;

/** What choosing the shipping method answers: the payment methods and totals that follow from it. */
export const CartMethodsAndTotals = Type.Object({ payment_methods: Type.Array(PaymentMethod), totals: CartTotals });
export type CartMethodsAndTotals = Static<typeof CartMethodsAndTotals>;

// VSF's cart helpers write the country as `countryId` (createShippingInfoData), the spec as `country_id`: either is read.
const Country = Type.String({ minLength: 2, maxLength: 2 });
/** The part of an address the cart reads: its country (the rest of VSF's address is taken and ignored). */
export const CartAddress = Type.Object({ country_id: Type.Optional(Country), countryId: Type.Optional(Country) }, { additionalProperties: true });
export type CartAddress = Static<typeof CartAddress>;

/** `POST /api/cart/create[?token=]`: a new guest cart's id, or with a customer's token their cart's. */
export const CartCreate = {
  summary: "A new guest cart, or with a token the customer's cart; the answer is its id",
  tags: ['cart'],
  querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }),
  response: answers(Type.String()),
};

/** `GET /api/cart/pull?cartId=`: the lines. */
export const CartPull = {
  summary: "The cart's lines, priced today",
  tags: ['cart'],
  querystring: CartQuery,
  response: answers(Type.Array(CartItem)),
};

/** `POST /api/cart/update?cartId=` `{cartItem}`: the line as it is now. */
export const CartUpdate = {
  summary: "Add a product (the same line again adds up) or, with item_id, set a line's quantity",
  description:
    'With an Idempotency-Key header (a fresh value per change the client means to make), the same change sent again — after an answer lost to the network — answers as the first time and adds nothing; the same key with another change is a 422.',
  tags: ['cart'],
  querystring: CartQuery,
  headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,128}$' })) }),
  // Quantity is checked by hand so the answer is the spec's message ('Quantity must be above 0', …).
  body: Type.Object({
    cartItem: Type.Object(
      {
        sku: Type.String({ minLength: 1, maxLength: 64 }),
        qty: Type.Optional(Type.Unknown()),
        item_id: Type.Optional(Type.Integer({ minimum: 1 })),
        quoteId: Type.Optional(Type.String({ maxLength: 64 })),
        product_option: Type.Optional(Nullable(CartProductOptionInput)),
      },
      { additionalProperties: true },
    ),
  }),
  response: answers(CartItem),
};

/** `POST /api/cart/delete?cartId=` `{cartItem:{item_id}}`: `true`; no such line → 404. */
export const CartDelete = {
  summary: 'Remove a line',
  tags: ['cart'],
  querystring: CartQuery,
  body: Type.Object({
    cartItem: Type.Object(
      { sku: Type.Optional(Type.String({ maxLength: 64 })), item_id: Type.Integer({ minimum: 1 }), quoteId: Type.Optional(Type.String({ maxLength: 64 })) },
      { additionalProperties: true },
    ),
  }),
  response: answers(Type.Literal(true)),
};

/** `GET /api/cart/totals?cartId=`. */
export const CartGetTotals = {
  summary: 'Totals computed by the server: subtotal, discount, shipping, payment fee, VAT, grand total',
  tags: ['cart'],
  querystring: CartQuery,
  response: answers(CartTotals),
};

/** `GET /api/cart/payment-methods?cartId=`: cash on delivery only when something is delivered. */
export const CartPaymentMethods = {
  summary: 'Payment methods for this cart',
  tags: ['cart'],
  querystring: CartQuery,
  response: answers(Type.Array(PaymentMethod)),
};

/** `POST /api/cart/shipping-methods?cartId=` `{address}`: every method, unavailable ones saying why; not Poland → 400. */
export const CartShippingMethods = {
  summary: 'Shipping methods for this cart and address, unavailable ones with available: false',
  tags: ['cart'],
  querystring: CartQuery,
  body: Type.Object({ address: CartAddress }),
  response: answers(Type.Array(ShippingMethod)),
};

/** `POST /api/cart/shipping-information?cartId=` `{addressInformation}`: chooses the shipping method. */
export const CartShippingInformation = {
  summary: 'Choose the shipping method; answers the payment methods and totals',
  tags: ['cart'],
  querystring: CartQuery,
  body: Type.Object({
    addressInformation: Type.Object(
      {
        shippingAddress: Type.Optional(CartAddress),
        billingAddress: Type.Optional(Type.Object({}, { additionalProperties: true })),
        shippingCarrierCode: Type.String({ minLength: 1, maxLength: 32 }),
        shippingMethodCode: Type.String({ minLength: 1, maxLength: 32 }),
      },
      { additionalProperties: true },
    ),
  }),
  response: answers(CartMethodsAndTotals),
};

/** `POST /api/cart/collect-totals?cartId=` `{methods}`: chooses the payment (and shipping) method. */
export const CartCollectTotals = {
  summary: 'Choose payment (and shipping) methods; answers the totals',
  tags: ['cart'],
  querystring: CartQuery,
  body: Type.Object({
    methods: Type.Object(
      {
        paymentMethod: Type.Optional(Type.Object({ method: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true })),
        shippingCarrierCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
        shippingMethodCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
      },
      { additionalProperties: true },
    ),
  }),
  response: answers(CartTotals),
};

/** `POST /api/cart/apply-coupon?cartId=&coupon=`: `true`; a wrong, expired or unmet code → 400 with the spec's message. */
export const CartApplyCoupon = {
  summary: 'Apply a coupon code (?coupon=)',
  tags: ['cart'],
  querystring: Type.Composite([CartQuery, Type.Object({ coupon: Type.Optional(Type.String({ maxLength: 64 })) })]),
  response: answers(Type.Literal(true)),
};

/** `POST /api/cart/delete-coupon?cartId=`: `true`. */
export const CartDeleteCoupon = {
  summary: 'Remove the coupon',
  tags: ['cart'],
  querystring: CartQuery,
  response: answers(Type.Literal(true)),
};
