import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Carts } from '../cart/carts';
import type { Customers } from '../customers/customers';
import { ApiError, sendResult } from '../http/envelope';
import { orderConfirmation } from '../mail/order-confirmation';
import type { Outbox } from '../mail/outbox';
import type { Orders } from '../orders/orders';
import { needsPayment, type Payments } from '../payments/payments';

const Text = (max: number) => Type.String({ maxLength: max });
const Address = Type.Object({
  firstname: Text(100), lastname: Text(100),
  street: Type.Array(Text(200), { minItems: 1, maxItems: 3 }),
  city: Text(100), postcode: Text(16), country_id: Type.String({ minLength: 2, maxLength: 2 }),
  telephone: Type.Optional(Text(32)), email: Type.Optional(Text(254)),
  company: Type.Optional(Text(200)), vat_id: Type.Optional(Text(32)),
}, { additionalProperties: true });

const OrderBody = Type.Object({
  order: Type.Object({
    order_id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the client\'s id for this order: sending it again returns the same order' }),
    cart_id: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    products: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200, description: 'ignored: the order is the server cart, priced by the server' })),
    addressInformation: Type.Object({
      shippingAddress: Address,
      billingAddress: Type.Optional(Address),
      shipping_method_code: Type.String({ minLength: 1, maxLength: 32 }),
      shipping_carrier_code: Type.String({ minLength: 1, maxLength: 32 }),
      payment_method_code: Type.String({ minLength: 1, maxLength: 64 }),
      payment_method_additional: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }, { additionalProperties: true }),
  }, { additionalProperties: true }),
});

const OrderNumber = Type.String({ pattern: '^\\d{9}$', description: 'the shop\'s order number (increment_id)' });
const ClientOrderId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the client order id the order was placed with: proves the asker placed it' });
const NOT_FOUND = 'No such order';

interface OrderRouteDeps { orders: Orders; carts: Carts; customers: Customers; payments: Payments; outbox: Outbox }

/**
 * `POST /api/order` (vsf-contract.md): the server cart becomes an order, once per client order
 * id; an online payment method answers with the gateway page to send the shopper to. The
 * thank-you page reads the order (`GET /api/order/status`) and can start a new payment attempt
 * after a failed one (`POST /api/order/payment`) — both need the client order id.
 */
export async function orderRoutes(app: FastifyInstance, { orders, carts, customers, payments, outbox }: OrderRouteDeps) {
  /** The order these two keys open — 404 alike for a wrong number and a wrong id, so neither can be probed. */
  const shoppersOrder = async (keys: { order_increment_id: string; order_id: string }) => {
    const summary = await orders.summaryFor(keys.order_increment_id, keys.order_id);
    if (!summary) throw new ApiError(404, NOT_FOUND);
    return summary;
  };

  app.post<{ Body: Static<typeof OrderBody>; Querystring: { token?: string } }>('/api/order', {
    schema: {
      summary: 'Place the order of a cart: prices from the server, stock reserved atomically, idempotent by order_id',
      tags: ['order'],
      body: OrderBody,
      querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }),
    },
  }, async (request, reply) => {
    const { order } = request.body;
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const customer = customers.customerOf(request.query.token || bearer || undefined);
    const cart = await carts.find(order.cart_id, customer?.id ?? null);
    const info = order.addressInformation;
    const placed = await orders.place({
      clientOrderId: order.order_id, cart, customerId: customer?.id ?? null, groupId: customer?.groupId ?? 0,
      shippingAddress: info.shippingAddress, billingAddress: info.billingAddress,
      shippingMethod: `${info.shipping_carrier_code}_${info.shipping_method_code}`, paymentMethod: info.payment_method_code,
    });
    // A replay of an order paid offline needs nothing more: no second e-mail, no payment.
    if (!placed.created && !needsPayment(placed)) return sendResult(reply, placed);
    const summary = await orders.summaryById(placed.backendOrderId);
    if (placed.created) {
      // The order stands whatever the mail server says; a failed e-mail is logged for the staff to resend.
      await outbox.send(orderConfirmation(summary)).catch((error) => request.log.error({ err: error, order: placed.orderNumber }, 'order confirmation e-mail not sent'));
    }
    return sendResult(reply, { ...placed, ...(needsPayment(summary) ? { paymentRedirect: await payments.redirectFor(summary) } : {}) });
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
    return sendResult(reply, { paymentRedirect: await payments.redirectFor(await shoppersOrder(request.body)) });
  });
}
