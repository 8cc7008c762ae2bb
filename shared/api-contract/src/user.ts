import { Type, type Static } from '@sinclair/typebox';
import { CartOptionLabel, CartProductOption } from './cart';
import { answers, ErrorEnvelope, Nullable } from './envelope';
import { OrderAddress, OrderState, OrderTotalSegment, PaymentState, PostalAddress } from './order';

/**
 * The customer's calls of the VSF user contract (docs/account.md "Calls", vsf-contract.md):
 * create, login, refresh, logout, reset-password, create-password, me (read and update),
 * change-password, order-history and one order of it. Calls with a user token take it as
 * `?token=` or `Authorization: Bearer`. The rate-limited ones (login, refresh, reset-password,
 * create-password, change-password) refuse with 429 and `meta.retryAfter` in the error envelope.
 */

/** The order history's page size when none is asked, and the most one page holds. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;

const Text = (max: number) => Type.String({ maxLength: max });
/** The user token in the query (or the Authorization header instead); other query fields are ignored. */
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true });

// ── Requests ────────────────────────────────────────────────────────────────────────────────

/** An address of the book as a client sends it (VSF's fields; `id` names a saved one to replace); anything else (customer_id, region, …) is accepted and ignored. */
export const SavedAddressInput = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.Integer(), Text(20), Type.Null()])),
    firstname: Type.Optional(Text(200)),
    lastname: Type.Optional(Text(200)),
    street: Type.Optional(Type.Union([Type.Array(Text(200), { maxItems: 3 }), Text(200)])),
    city: Type.Optional(Text(100)),
    postcode: Type.Optional(Text(16)),
    country_id: Type.Optional(Text(2)),
    countryId: Type.Optional(Text(2)),
    telephone: Type.Optional(Text(32)),
    company: Type.Optional(Text(200)),
    vat_id: Type.Optional(Text(32)),
    default_shipping: Type.Optional(Type.Boolean()),
    default_billing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type SavedAddressInput = Static<typeof SavedAddressInput>;

const AddressId = Type.Optional(Type.Union([Type.Integer(), Text(20), Type.Null()]));
const NewsletterFlag = Type.Optional(Type.Object({ is_subscribed: Type.Optional(Type.Boolean()) }, { additionalProperties: true }));

/**
 * `POST /api/user/me`'s customer: the allow-listed fields are typed and the only ones read;
 * VSF sends the whole customer back (id, group_id, dates, store_id…), accepted and ignored.
 */
export const CustomerUpdate = Type.Object(
  {
    email: Type.Optional(Text(300)),
    firstname: Type.Optional(Text(200)),
    lastname: Type.Optional(Text(200)),
    addresses: Type.Optional(Type.Array(SavedAddressInput, { maxItems: 50 })),
    default_shipping: AddressId,
    default_billing: AddressId,
    extension_attributes: NewsletterFlag,
  },
  { additionalProperties: true },
);
export type CustomerUpdate = Static<typeof CustomerUpdate>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

/** The account `POST /api/user/create` answers (its addresses and newsletter flag are read with `me`). */
export const CreatedCustomer = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  group_id: Type.Integer(),
});
export type CreatedCustomer = Static<typeof CreatedCustomer>;

/** A saved address of the address book as `me` answers it (Magento's customer address, as VSF reads it). */
export const SavedAddress = Type.Object({
  id: Type.Integer(),
  customer_id: Type.Integer(),
  ...PostalAddress.properties,
  /** Magento's region, always empty in Poland. */
  region: Type.Object({ region_code: Type.Null(), region: Type.Null(), region_id: Type.Literal(0) }),
  region_id: Type.Literal(0),
  /** Present (true) on the default address only. */
  default_shipping: Type.Optional(Type.Literal(true)),
  default_billing: Type.Optional(Type.Literal(true)),
});
export type SavedAddress = Static<typeof SavedAddress>;

/** The customer as `me` answers it without the group token (VSF's user object; spec §3 User). */
export const Customer = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** Address ids as strings, as Magento sends them; absent without a default. */
  default_shipping: Type.Optional(Type.String()),
  default_billing: Type.Optional(Type.String()),
  addresses: Type.Array(SavedAddress),
  extension_attributes: Type.Object({ is_subscribed: Type.Boolean() }),
});
export type Customer = Static<typeof Customer>;

/** `GET`/`POST /api/user/me`: the customer with `groupToken`, the signed group for catalogue prices (spec §6). */
export const SignedInCustomer = Type.Composite([Customer, Type.Object({ groupToken: Type.String() })]);
export type SignedInCustomer = Static<typeof SignedInCustomer>;

/** Login and refresh: the access token in `result`, the (new) refresh token in `meta`. */
export const SessionAnswer = Type.Object({
  code: Type.Integer(),
  result: Type.String({ description: 'the access token' }),
  meta: Type.Object({ refreshToken: Type.String() }),
});
export type SessionAnswer = Static<typeof SessionAnswer>;
/** A refused login or refresh is the error envelope; a 429 carries `meta.retryAfter` (seconds, as the Retry-After header says). */
const sessionAnswers = { 200: SessionAnswer, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/** An address the order was placed with (the checkout's allow-listed fields) and which one it is. */
const PlacedAddress = <Kind extends string>(kind: Kind) => Type.Composite([OrderAddress, Type.Object({ address_type: Type.Literal(kind) })]);

/**
 * A line of an order: VSF's fields, plus what a thumbnail and a link need, read from today's
 * catalogue (the order keeps the name and prices it was bought at, not the picture): `image`
 * (the variant's own when it has one), `slug` of the product page and `parent_sku` (the
 * configurable a variant belongs to). Null when the catalogue no longer knows the sku; `slug`
 * null too when its product is not shown any more (no page to link to).
 */
export const OrderHistoryLine = Type.Object({
  sku: Type.String(),
  name: Type.String(),
  qty_ordered: Type.Integer(),
  price_incl_tax: Type.Number(),
  row_total_incl_tax: Type.Number(),
  /** The cart line's options as the server stored them when the order was placed; null for a simple product. */
  product_option: Nullable(CartProductOption),
  options: Type.Array(CartOptionLabel),
  image: Nullable(Type.String()),
  slug: Nullable(Type.String()),
  parent_sku: Nullable(Type.String()),
});
export type OrderHistoryLine = Static<typeof OrderHistoryLine>;

/**
 * An order in the customer's history: Magento's order fields as VSF 1's my-account pages read
 * them (`increment_id`, `created_at`, `items[].qty_ordered`, `billing_address`,
 * `extension_attributes.shipping_assignments[0].shipping.address`, `payment.additional_information`)
 * plus the shop's own: `payment_state`, the client order id that `/api/order/payment` needs to
 * retry a failed payment, and the totals as the cart reported them.
 */
export const OrderHistoryEntry = Type.Object({
  entity_id: Type.Integer(),
  increment_id: Type.String(),
  /** The client order id the order was placed with (`order_id` of /api/order/status and /api/order/payment). */
  order_id: Type.String(),
  created_at: Type.String(),
  status: OrderState,
  payment_state: PaymentState,
  customer_email: Type.String(),
  customer_firstname: Type.String(),
  customer_lastname: Type.String(),
  grand_total: Type.Number(),
  subtotal_incl_tax: Type.Number(),
  /** Negative or 0, as Magento reports it. */
  discount_amount: Type.Number(),
  coupon_code: Nullable(Type.String()),
  shipping_incl_tax: Type.Number(),
  payment_fee_incl_tax: Type.Number(),
  tax_amount: Type.Number(),
  total_segments: Type.Array(OrderTotalSegment),
  shipping_method: Type.String(),
  shipping_description: Type.String(),
  /** `additional_information[0]` is the method's title. */
  payment: Type.Object({ method: Type.String(), additional_information: Type.Array(Type.String(), { minItems: 1, maxItems: 1 }), offline: Type.Boolean() }),
  items: Type.Array(OrderHistoryLine),
  billing_address: PlacedAddress('billing'),
  shipping_address: PlacedAddress('shipping'),
  extension_attributes: Type.Object({
    shipping_assignments: Type.Array(Type.Object({ shipping: Type.Object({ address: PlacedAddress('shipping'), method: Type.String() }) }), {
      minItems: 1,
      maxItems: 1,
    }),
  }),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

/** A page of the history, newest first. */
export const OrderHistoryPage = Type.Object({
  items: Type.Array(OrderHistoryEntry),
  total_count: Type.Integer(),
  search_criteria: Type.Object({ page_size: Type.Integer(), current_page: Type.Integer() }),
});
export type OrderHistoryPage = Static<typeof OrderHistoryPage>;

// ── Routes ──────────────────────────────────────────────────────────────────────────────────

/** `POST /api/user/create`: spec messages per field; a taken e-mail → 400. */
export const UserCreate = {
  summary: 'Create a customer account',
  tags: ['user'],
  body: Type.Object(
    {
      customer: Type.Object(
        {
          email: Text(300),
          firstname: Text(200),
          lastname: Text(200),
          addresses: Type.Optional(Type.Array(SavedAddressInput, { maxItems: 50 })),
          extension_attributes: NewsletterFlag,
        },
        { additionalProperties: true },
      ),
      password: Text(1000),
    },
    { additionalProperties: true },
  ),
  response: answers(CreatedCustomer),
};

export const UserLogin = {
  summary: 'Log in: the access token, with meta.refreshToken (5 failures a minute per IP and account → 429)',
  tags: ['user'],
  body: Type.Object({ username: Type.String({ minLength: 1, maxLength: 300 }), password: Type.String({ minLength: 1, maxLength: 1000 }) }),
  response: sessionAnswers,
};

export const UserRefresh = {
  summary: 'A new access token and a new refresh token (rotation); a reused refresh token revokes its session → 401',
  tags: ['user'],
  body: Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true }),
  response: sessionAnswers,
};

/** No body schema: the body is optional (a client may only have the access token), so the handler reads `refreshToken` itself. */
export const UserLogout = {
  summary: 'End the session: its refresh tokens are revoked ({refreshToken} in the body and/or the access token); always true',
  tags: ['user'],
  querystring: TokenQuery,
  response: answers(Type.Literal(true)),
};

export const UserResetPassword = {
  summary: 'E-mail a single-use link (1 h) to set a new password; the same answer for unknown e-mails',
  tags: ['user'],
  body: Type.Object({ email: Text(300), websiteId: Type.Optional(Type.Union([Type.Integer(), Text(20)])) }, { additionalProperties: true }),
  response: answers(Type.Literal(true)),
};

export const UserCreatePassword = {
  summary: "Set a new password with the reset link's token (once, within the hour); ends every session",
  tags: ['user'],
  body: Type.Object({ email: Text(300), newPassword: Text(1000), resetToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true }),
  response: answers(Type.Literal(true)),
};

export const UserMe = {
  summary: 'The signed-in customer with addresses and groupToken',
  tags: ['user'],
  querystring: TokenQuery,
  response: answers(SignedInCustomer),
};

export const UserMeUpdate = {
  summary: 'Update the profile: names, e-mail, addresses (the whole book), default addresses, newsletter flag; other fields are ignored',
  tags: ['user'],
  querystring: TokenQuery,
  body: Type.Object({ customer: CustomerUpdate }, { additionalProperties: true }),
  response: answers(SignedInCustomer),
};

/** A wrong current password → 400 (never 401: a 401 would make the storefront refresh its token). */
export const UserChangePassword = {
  summary: 'Change the password (the current one required); other sessions end',
  tags: ['user'],
  querystring: TokenQuery,
  body: Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 1000 }), newPassword: Text(1000) }, { additionalProperties: true }),
  response: answers(Type.Literal(true)),
};

export const UserOrderHistory = {
  summary: "The customer's own orders, newest first: {items, total_count, search_criteria}",
  tags: ['user'],
  querystring: Type.Object(
    {
      token: Type.Optional(Type.String({ maxLength: 2000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_MAX_PAGE_SIZE, default: HISTORY_PAGE_SIZE })),
      currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    },
    { additionalProperties: true },
  ),
  response: answers(OrderHistoryPage),
};

export const UserOrder = {
  summary: "One of the customer's orders by its number; another customer's order → 404",
  tags: ['user'],
  params: Type.Object({ orderNumber: Type.String({ pattern: '^\\d{9}$' }) }),
  querystring: TokenQuery,
  response: answers(OrderHistoryEntry),
};
