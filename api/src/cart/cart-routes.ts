import {
  CartApplyCoupon,
  CartCollectTotals,
  CartCreate,
  CartDelete,
  CartDeleteCoupon,
  CartGetTotals,
  CartPaymentMethods,
  CartPull,
  CartShippingInformation,
  CartShippingMethods,
  CartUpdate,
  type CartAddress,
  type CartItem,
  type CartProductOption,
} from '@kaloryfer/api-contract';
import { INCORRECT_COUPON, normaliseCouponCode, ONLY_POLAND } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { quantityProblem } from './cart-lines';
import type { Carts, CartLineView } from './carts';
import type { Customers } from '../customers';
import { ApiError, sendResult } from '../http/envelope';
import { IDEMPOTENCY_HEADER, type IdempotencyRecords } from '../http/idempotency';
import { callerToken } from '../auth/caller-token';

/** The address's country, as `country_id` or VSF's `countryId`; 400 when it has neither. */
function countryOf(address: CartAddress, where: string): string {
  const country = address.country_id ?? address.countryId;
  if (country === undefined) throw new ApiError(400, `${where}.country_id (or countryId) is required`);
  return country.toUpperCase();
}

/**
 * A cart line as `pull` and `update` answer it (VSF: item_id, sku, qty, name, price, product_type, quote_id, product_option).
 * A line that cannot be bought keeps its name and picture and carries `error`; its price is 0 (it is not charged).
 */
function itemOf(entry: CartLineView, cartId: string): CartItem {
  return {
    item_id: entry.item_id,
    sku: entry.sku,
    qty: entry.qty,
    quote_id: cartId,
    name: entry.line?.name ?? entry.shown?.name ?? entry.sku,
    price: entry.line?.unitPrice ?? 0,
    product_type: entry.line?.type_id ?? 'simple',
    // Stored as priceLine normalised it (ids and values as text), which is what the contract lists; cart-lines' type also reads a request's.
    product_option: (entry.product_option as CartProductOption | null) ?? undefined,
    row_total_incl_tax: entry.line?.rowTotal ?? 0,
    image: entry.line?.image ?? entry.shown?.image,
    slug: entry.line?.slug ?? entry.shown?.slug,
    parent_sku: entry.line?.parentSku ?? entry.shown?.parentSku ?? null,
    options: entry.line?.labels ?? [],
    ...(entry.error ? { error: entry.error } : {}),
  };
}

/**
 * The VSF cart calls (docs/vsf-contract.md; their contract: shared/api-contract/src/cart.ts). Guest
 * carts are created without a token; the cart id (`?cartId=`) is the guest's secret. Every
 * price and total is the server's.
 */
export async function cartRoutes(
  app: FastifyInstance,
  { carts, customers, idempotency }: { carts: Carts; customers: Customers; idempotency: IdempotencyRecords },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  /** `?token=` or `Authorization: Bearer`; none (or VSF's stand-ins for none) = a guest; a bad or expired one = 401 (the client retries as a guest). */
  const customerOf = (request: FastifyRequest) => customers.customerOf(callerToken(request));
  /** The cart if this caller may use it, and the customer group its prices are for. */
  const cartFor = async (request: FastifyRequest, cartId: string) => {
    const customer = await customerOf(request);
    return { cart: await carts.find(cartId, customer?.id ?? null), groupId: customer?.groupId ?? 0 };
  };
  const viewFor = async (request: FastifyRequest, cartId: string) => {
    const { cart, groupId } = await cartFor(request, cartId);
    return carts.view(cart, groupId);
  };

  api.post('/api/cart/create', { schema: CartCreate }, async (request, reply) =>
    sendResult(reply, await carts.create((await customerOf(request))?.id ?? null)),
  );

  api.get('/api/cart/pull', { schema: CartPull }, async (request, reply) => {
    const view = await viewFor(request, request.query.cartId);
    return sendResult(
      reply,
      view.lines.map((entry) => itemOf(entry, view.cart.id)),
    );
  });

  api.post('/api/cart/update', { schema: CartUpdate }, async (request, reply) => {
    const { cartItem } = request.body;
    const problem = quantityProblem(cartItem.qty);
    if (problem) throw new ApiError(400, problem);
    const customer = await customerOf(request);
    const { cart, lines } = await carts.findForUpdate(request.query.cartId, customer?.id ?? null);
    const groupId = customer?.groupId ?? 0;
    const update = async () =>
      itemOf(
        await carts.update(
          cart,
          {
            sku: cartItem.sku,
            qty: cartItem.qty as number,
            item_id: cartItem.item_id,
            product_option: cartItem.product_option ?? undefined,
          },
          groupId,
          lines,
        ),
        cart.id,
      );
    // A change the client named (docs/cart.md, "A change sent twice"): sent again after a lost
    // answer, it answers as the first time and adds nothing. Without a key, VSF's rule: the same
    // line again adds its quantity.
    const key = request.headers[IDEMPOTENCY_HEADER];
    const { quoteId: _quoteId, ...change } = cartItem;
    return sendResult(reply, key ? await idempotency.once(`cart-update:${cart.id}`, key, change, update) : await update());
  });

  api.post('/api/cart/delete', { schema: CartDelete }, async (request, reply) => {
    await carts.remove((await cartFor(request, request.query.cartId)).cart, request.body.cartItem.item_id);
    return sendResult(reply, true);
  });

  api.get('/api/cart/totals', { schema: CartGetTotals }, async (request, reply) => {
    return sendResult(reply, carts.totals(await viewFor(request, request.query.cartId)));
  });

  api.get('/api/cart/payment-methods', { schema: CartPaymentMethods }, async (request, reply) => {
    return sendResult(reply, carts.paymentMethods(await viewFor(request, request.query.cartId)));
  });

  api.post('/api/cart/shipping-methods', { schema: CartShippingMethods }, async (request, reply) => {
    if (countryOf(request.body.address, 'body.address') !== 'PL') throw new ApiError(400, ONLY_POLAND);
    return sendResult(reply, carts.shippingMethods(await viewFor(request, request.query.cartId)));
  });

  api.post('/api/cart/shipping-information', { schema: CartShippingInformation }, async (request, reply) => {
    const info = request.body.addressInformation;
    if (info.shippingAddress && countryOf(info.shippingAddress, 'body.addressInformation.shippingAddress') !== 'PL') throw new ApiError(400, ONLY_POLAND);
    const { cart, groupId } = await cartFor(request, request.query.cartId);
    const view = await carts.view(cart, groupId);
    const code = `${info.shippingCarrierCode}_${info.shippingMethodCode}`;
    const method = carts.shippingMethodOf(view, code);
    if (!method) throw new ApiError(400, `Unknown shipping method ${code}`);
    if (!method.available) throw new ApiError(400, method.error_message ?? 'This shipping method is not available for the cart');
    await carts.setMethods(cart, { shipping: code });
    return sendResult(reply, { payment_methods: carts.paymentMethods(view), totals: carts.totals(view) });
  });

  api.post('/api/cart/collect-totals', { schema: CartCollectTotals }, async (request, reply) => {
    const { methods } = request.body;
    const { cart, groupId } = await cartFor(request, request.query.cartId);
    const view = await carts.view(cart, groupId);
    const change: { shipping?: string; payment?: string } = {};
    if (methods.shippingCarrierCode !== undefined || methods.shippingMethodCode !== undefined) {
      const code = `${methods.shippingCarrierCode}_${methods.shippingMethodCode}`;
      if (!carts.shippingMethodOf(view, code)?.available) throw new ApiError(400, `Shipping method ${code} is not available for the cart`);
      change.shipping = code;
    }
    if (methods.paymentMethod) {
      if (!carts.paymentMethodOf(view, methods.paymentMethod.method))
        throw new ApiError(400, `Payment method ${methods.paymentMethod.method} is not available for the cart`);
      change.payment = methods.paymentMethod.method;
    }
    await carts.setMethods(cart, change);
    return sendResult(reply, carts.totals(view));
  });

  api.post('/api/cart/apply-coupon', { schema: CartApplyCoupon }, async (request, reply) => {
    const { cart, groupId } = await cartFor(request, request.query.cartId);
    const code = normaliseCouponCode(request.query.coupon ?? '');
    const view = await carts.view(cart, groupId);
    if (!code || !(await carts.applicableCoupon(code, view))) throw new ApiError(400, INCORRECT_COUPON);
    await carts.setCoupon(cart, code);
    return sendResult(reply, true);
  });

  api.post('/api/cart/delete-coupon', { schema: CartDeleteCoupon }, async (request, reply) => {
    await carts.setCoupon((await cartFor(request, request.query.cartId)).cart, null);
    return sendResult(reply, true);
  });
}
