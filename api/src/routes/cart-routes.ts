import { INCORRECT_COUPON, normaliseCouponCode } from '@kaloryfer/domain';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { quantityProblem } from '../cart/cart-lines';
import type { Carts, CartLineView } from '../cart/carts';
import type { Customers } from '../customers/customers';
import { ApiError, sendResult } from '../http/envelope';
import { callerToken } from './caller-token';

const CartQuery = Type.Object({
  cartId: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  token: Type.Optional(Type.String({ maxLength: 2000 })),
  storeCode: Type.Optional(Type.String({ maxLength: 16 })),
});
type CartQuery = Static<typeof CartQuery>;

const OptionValue = Type.Union([Type.String({ maxLength: 500 }), Type.Integer()]);
const ProductOption = Type.Object({
  extension_attributes: Type.Optional(Type.Object({
    configurable_item_options: Type.Optional(Type.Array(Type.Object({ option_id: OptionValue, option_value: OptionValue }, { additionalProperties: true }), { maxItems: 10 })),
    bundle_options: Type.Optional(Type.Array(Type.Object({
      option_id: Type.Integer(), option_qty: Type.Optional(Type.Integer()), option_selections: Type.Array(Type.Integer(), { maxItems: 20 }),
    }, { additionalProperties: true }), { maxItems: 20 })),
    custom_options: Type.Optional(Type.Array(Type.Object({ option_id: OptionValue, option_value: Type.String({ maxLength: 500 }) }, { additionalProperties: true }), { maxItems: 20 })),
  }, { additionalProperties: true })),
}, { additionalProperties: true });

// Quantity is checked by hand so the answer is the spec's message ('Quantity must be above 0', …).
const UpdateBody = Type.Object({
  cartItem: Type.Object({
    sku: Type.String({ minLength: 1, maxLength: 64 }),
    qty: Type.Optional(Type.Unknown()),
    item_id: Type.Optional(Type.Integer({ minimum: 1 })),
    quoteId: Type.Optional(Type.String({ maxLength: 64 })),
    product_option: Type.Optional(Type.Union([ProductOption, Type.Null()])),
  }, { additionalProperties: true }),
});
const DeleteBody = Type.Object({
  cartItem: Type.Object({ sku: Type.Optional(Type.String({ maxLength: 64 })), item_id: Type.Integer({ minimum: 1 }), quoteId: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: true }),
});
// VSF's cart helpers write the country as `countryId` (createShippingInfoData), the spec as `country_id`: either is read.
const Country = Type.String({ minLength: 2, maxLength: 2 });
const Address = Type.Object({ country_id: Type.Optional(Country), countryId: Type.Optional(Country) }, { additionalProperties: true });
const ShippingMethodsBody = Type.Object({ address: Address });
const ShippingInformationBody = Type.Object({
  addressInformation: Type.Object({
    shippingAddress: Type.Optional(Address),
    billingAddress: Type.Optional(Type.Object({}, { additionalProperties: true })),
    shippingCarrierCode: Type.String({ minLength: 1, maxLength: 32 }),
    shippingMethodCode: Type.String({ minLength: 1, maxLength: 32 }),
  }, { additionalProperties: true }),
});
const CollectTotalsBody = Type.Object({
  methods: Type.Object({
    paymentMethod: Type.Optional(Type.Object({ method: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true })),
    shippingCarrierCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    shippingMethodCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  }, { additionalProperties: true }),
});

const ONLY_POLAND = 'We deliver in Poland only (country_id PL)';

/** The address's country, as `country_id` or VSF's `countryId`; 400 when it has neither. */
function countryOf(address: { country_id?: string; countryId?: string }, where: string): string {
  const country = address.country_id ?? address.countryId;
  if (country === undefined) throw new ApiError(400, `${where}.country_id (or countryId) is required`);
  return country.toUpperCase();
}

/**
 * A cart line as `pull` and `update` answer it (VSF: item_id, sku, qty, name, price, product_type, quote_id, product_option).
 * A line that cannot be bought keeps its name and picture and carries `error`; its price is 0 (it is not charged).
 */
function itemOf(entry: CartLineView, cartId: string) {
  return {
    item_id: entry.item_id, sku: entry.sku, qty: entry.qty, quote_id: cartId,
    name: entry.line?.name ?? entry.shown?.name ?? entry.sku, price: entry.line?.unitPrice ?? 0, product_type: entry.line?.type_id ?? 'simple',
    product_option: entry.product_option ?? undefined, row_total_incl_tax: entry.line?.rowTotal ?? 0,
    image: entry.line?.image ?? entry.shown?.image, slug: entry.line?.slug ?? entry.shown?.slug,
    parent_sku: entry.line?.parentSku ?? entry.shown?.parentSku ?? null, options: entry.line?.labels ?? [],
    ...(entry.error ? { error: entry.error } : {}),
  };
}

/**
 * The VSF cart calls (vsf-contract.md). Guest carts are created without a token; the cart id
 * (`?cartId=`) is the guest's secret. Every price and total is the server's.
 */
export async function cartRoutes(app: FastifyInstance, { carts, customers }: { carts: Carts; customers: Customers }) {
  /** `?token=` or `Authorization: Bearer`; none (or VSF's stand-ins for none) = a guest; a bad or expired one = 401 (the client retries as a guest). */
  const customerOf = (request: FastifyRequest) => customers.customerOf(callerToken(request));
  /** The cart if this caller may use it, and the customer group its prices are for. */
  const cartFor = async (request: FastifyRequest<{ Querystring: CartQuery }>) => {
    const customer = customerOf(request);
    return { cart: await carts.find(request.query.cartId, customer?.id ?? null), groupId: customer?.groupId ?? 0 };
  };
  const viewFor = async (request: FastifyRequest<{ Querystring: CartQuery }>) => {
    const { cart, groupId } = await cartFor(request);
    return carts.view(cart, groupId);
  };
  const schema = (summary: string, extra: object = {}) => ({ summary, tags: ['cart'], querystring: CartQuery, ...extra });

  app.post('/api/cart/create', {
    schema: { summary: 'A new guest cart, or with a token the customer\'s cart; the answer is its id', tags: ['cart'], querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }) },
  }, async (request, reply) => sendResult(reply, await carts.create(customerOf(request)?.id ?? null)));

  app.get<{ Querystring: CartQuery }>('/api/cart/pull', { schema: schema('The cart\'s lines, priced today') }, async (request, reply) => {
    const view = await viewFor(request);
    return sendResult(reply, view.lines.map((entry) => itemOf(entry, view.cart.id)));
  });

  app.post<{ Querystring: CartQuery; Body: Static<typeof UpdateBody> }>('/api/cart/update', {
    schema: schema('Add a product (the same line again adds up) or, with item_id, set a line\'s quantity', { body: UpdateBody }),
  }, async (request, reply) => {
    const { cartItem } = request.body;
    const problem = quantityProblem(cartItem.qty);
    if (problem) throw new ApiError(400, problem);
    const { cart, groupId } = await cartFor(request);
    const entry = await carts.update(cart, {
      sku: cartItem.sku, qty: cartItem.qty as number, item_id: cartItem.item_id, product_option: cartItem.product_option ?? undefined,
    }, groupId);
    return sendResult(reply, itemOf(entry, cart.id));
  });

  app.post<{ Querystring: CartQuery; Body: Static<typeof DeleteBody> }>('/api/cart/delete', {
    schema: schema('Remove a line', { body: DeleteBody }),
  }, async (request, reply) => {
    await carts.remove((await cartFor(request)).cart, request.body.cartItem.item_id);
    return sendResult(reply, true);
  });

  app.get<{ Querystring: CartQuery }>('/api/cart/totals', { schema: schema('Totals computed by the server: subtotal, discount, shipping, payment fee, VAT, grand total') }, async (request, reply) => {
    return sendResult(reply, carts.totals(await viewFor(request)));
  });

  app.get<{ Querystring: CartQuery }>('/api/cart/payment-methods', { schema: schema('Payment methods for this cart') }, async (request, reply) => {
    return sendResult(reply, carts.paymentMethods(await viewFor(request)));
  });

  app.post<{ Querystring: CartQuery; Body: Static<typeof ShippingMethodsBody> }>('/api/cart/shipping-methods', {
    schema: schema('Shipping methods for this cart and address, unavailable ones with available: false', { body: ShippingMethodsBody }),
  }, async (request, reply) => {
    if (countryOf(request.body.address, 'body.address') !== 'PL') throw new ApiError(400, ONLY_POLAND);
    return sendResult(reply, carts.shippingMethods(await viewFor(request)));
  });

  app.post<{ Querystring: CartQuery; Body: Static<typeof ShippingInformationBody> }>('/api/cart/shipping-information', {
    schema: schema('Choose the shipping method; answers the payment methods and totals', { body: ShippingInformationBody }),
  }, async (request, reply) => {
    const info = request.body.addressInformation;
    if (info.shippingAddress && countryOf(info.shippingAddress, 'body.addressInformation.shippingAddress') !== 'PL') throw new ApiError(400, ONLY_POLAND);
    const { cart, groupId } = await cartFor(request);
    const view = await carts.view(cart, groupId);
    const code = `${info.shippingCarrierCode}_${info.shippingMethodCode}`;
    const method = carts.shippingMethodOf(view, code);
    if (!method) throw new ApiError(400, `Unknown shipping method ${code}`);
    if (!method.available) throw new ApiError(400, method.error_message ?? 'This shipping method is not available for the cart');
    await carts.setMethods(cart, { shipping: code });
    return sendResult(reply, { payment_methods: carts.paymentMethods(view), totals: carts.totals(view) });
  });

  app.post<{ Querystring: CartQuery; Body: Static<typeof CollectTotalsBody> }>('/api/cart/collect-totals', {
    schema: schema('Choose payment (and shipping) methods; answers the totals', { body: CollectTotalsBody }),
  }, async (request, reply) => {
    const { methods } = request.body;
    const { cart, groupId } = await cartFor(request);
    const view = await carts.view(cart, groupId);
    const change: { shipping?: string; payment?: string } = {};
    if (methods.shippingCarrierCode !== undefined || methods.shippingMethodCode !== undefined) {
      const code = `${methods.shippingCarrierCode}_${methods.shippingMethodCode}`;
      if (!carts.shippingMethodOf(view, code)?.available) throw new ApiError(400, `Shipping method ${code} is not available for the cart`);
      change.shipping = code;
    }
    if (methods.paymentMethod) {
      if (!carts.paymentMethodOf(view, methods.paymentMethod.method)) throw new ApiError(400, `Payment method ${methods.paymentMethod.method} is not available for the cart`);
      change.payment = methods.paymentMethod.method;
    }
    await carts.setMethods(cart, change);
    return sendResult(reply, carts.totals(view));
  });

  app.post<{ Querystring: CartQuery & { coupon?: string } }>('/api/cart/apply-coupon', {
    schema: { summary: 'Apply a coupon code (?coupon=)', tags: ['cart'], querystring: Type.Composite([CartQuery, Type.Object({ coupon: Type.Optional(Type.String({ maxLength: 64 })) })]) },
  }, async (request, reply) => {
    const { cart, groupId } = await cartFor(request);
    const code = normaliseCouponCode(request.query.coupon ?? '');
    const view = await carts.view(cart, groupId);
    if (!code || !(await carts.applicableCoupon(code, view))) throw new ApiError(400, INCORRECT_COUPON);
    await carts.setCoupon(cart, code);
    return sendResult(reply, true);
  });

  app.post<{ Querystring: CartQuery }>('/api/cart/delete-coupon', { schema: schema('Remove the coupon') }, async (request, reply) => {
    await carts.setCoupon((await cartFor(request)).cart, null);
    return sendResult(reply, true);
  });
}
