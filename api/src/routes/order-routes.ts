import { shopperOriginOf } from '../payments/return-origin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Carts } from '../cart/carts';
import type { Customers } from '../customers/customers';
import { ApiError, sendResult } from '../http/envelope';
import type { Orders } from '../orders/orders';
import { needsPayment, type Payments } from '../payments/payments';
import { callerToken } from './caller-token';
import { allowListedAddress, clientOrderIdOf, OrderFields, unwrapOrder } from './order-body';

const OrderNumber = Type.String({ pattern: '^\\d{9}$', description: 'the shop\'s order number (increment_id)' });
const ClientOrderId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the client order id the order was placed with: proves the asker placed it' });
const NOT_FOUND = 'No such order';

interface OrderRouteDeps { orders: Orders; carts: Carts; customers: Customers; payments: Payments }

/**
 * `POST /api/order` (vsf-contract.md): the server cart becomes an order, once per client order
 * id; an online payment method answers with the gateway page to send the shopper to. The
 * thank-you page reads the order (`GET /api/order/status`) and can start a new payment attempt
 * after a failed one (`POST /api/order/payment`) — both need the client order id.
 */
export async function orderRoutes(app: FastifyInstance, { orders, carts, customers, payments }: OrderRouteDeps) {
  /** The order these two keys open — 404 alike for a wrong number and a wrong id, so neither can be probed. */
  const shoppersOrder = async (keys: { order_increment_id: string; order_id: string }) => {
    const summary = await orders.summaryFor(keys.order_increment_id, keys.order_id);
    if (!summary) throw new ApiError(404, NOT_FOUND);
    return summary;
  };

  app.post<{ Body: OrderFields; Querystring: { token?: string } }>('/api/order', {
    schema: {
      summary: 'Place the order of a cart: prices from the server, stock reserved atomically, exactly once per order_id, Idempotency-Key or cart content. '
        + 'The body is the order (VSF 1.12) or {order: …} (order-body.ts)',
      tags: ['order'],
      body: OrderFields,
      querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }),
    },
    // Both forms meet one schema: {order: {…}} is unwrapped before validation.
    preValidation: async (request) => { request.body = unwrapOrder(request.body) as OrderFields; },
  }, async (request, reply) => {
    const order = request.body;
    const customer = customers.customerOf(callerToken(request)) ?? await customers.ownerOfCart(await carts.ownerOf(order.cart_id), order.user_id);
    const clientOrderId = clientOrderIdOf(order, request.headers['idempotency-key']);
    const cart = await carts.find(order.cart_id, customer?.id ?? null);
    const info = order.addressInformation;
    const placed = await orders.place({
      clientOrderId, cart, customerId: customer?.id ?? null, groupId: customer?.groupId ?? 0,
      shippingAddress: allowListedAddress(info.shippingAddress, 'body.addressInformation.shippingAddress'),
      billingAddress: info.billingAddress ? allowListedAddress(info.billingAddress, 'body.addressInformation.billingAddress') : undefined,
      shippingMethod: `${info.shipping_carrier_code}_${info.shipping_method_code}`, paymentMethod: info.payment_method_code,
    });
    // The confirmation e-mail was queued with the order, in its transaction (the mail worker sends
    // it once, after a crash too). A replay of an order paid offline needs nothing more.
    if (!placed.created && !needsPayment(placed)) return sendResult(reply, placed);
    const summary = await orders.summaryById(placed.backendOrderId);
    return sendResult(reply, { ...placed, ...(needsPayment(summary) ? { paymentRedirect: await payments.redirectFor(summary, shopperOriginOf(request.headers)) } : {}) });
  });

  app.get<{ Querystring: { order_increment_id: string; order_id: string } }>('/api/order/status', {
    schema: {
      summary: 'An order as its shopper sees it on the thank-you page: status, payment state, lines, totals, addresses',
      tags: ['order'],
      querystring: Type.Object({ order_increment_id: OrderNumber, order_id: ClientOrderId }),
    },
  }, async (request, reply) => {
    const { id: _internal, ...visible } = await shoppersOrder(request.query);
    return sendResult(reply, visible);
  });

  app.post<{ Body: { order_increment_id: string; order_id: string } }>('/api/order/payment', {
    schema: {
      summary: 'Start a payment attempt for an order paid online (again after a failure); answers the gateway page to go to',
      tags: ['order'],
      body: Type.Object({ order_increment_id: OrderNumber, order_id: ClientOrderId }),
    },
  }, async (request, reply) => {
    return sendResult(reply, { paymentRedirect: await payments.redirectFor(await shoppersOrder(request.body), shopperOriginOf(request.headers)) });
  });
}
