import { OrderPaymentStart, OrderPlace, OrderRead, type OrderBody, type OrderKeys } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { callerToken } from '../auth/caller-token';
import type { Carts } from '../cart';
import type { Customers } from '../customers';
import { ApiError, sendResult } from '../http/envelope';
import type { Orders } from './orders';
import { needsPayment, type Payments } from '../payments';
import { shopperOriginOf } from '../payments';
import { EXPERIMENT_COOKIE } from '@kaloryfer/api-contract';
import { cookieFrom, type ExperimentCookie } from '../experiments';
import { allowListedAddress, clientOrderIdOf, unwrapOrder } from './order-body';

const NOT_FOUND = 'No such order';

interface OrderRouteDeps {
  orders: Orders;
  carts: Carts;
  customers: Customers;
  payments: Payments;
  /** Reads the A/B builds the shopper's page pinned (kf_ab); a cookie that is not ours counts for nothing. */
  experimentCookie: ExperimentCookie;
}

/**
 * `POST /api/order` (docs/vsf-contract.md): the server cart becomes an order, once per client order
 * id; an online payment method answers with the gateway page to send the shopper to. The
 * thank-you page reads the order (`GET /api/order/status`) and can start a new payment attempt
 * after a failed one (`POST /api/order/payment`) — both need the client order id.
 */
export async function orderRoutes(app: FastifyInstance, { orders, carts, customers, payments, experimentCookie }: OrderRouteDeps) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The order these two keys open — 404 alike for a wrong number and a wrong id, so neither can be probed. */
  const shoppersOrder = async (keys: OrderKeys) => {
    const summary = await orders.summaryFor(keys.order_increment_id, keys.order_id);
    if (!summary) throw new ApiError(404, NOT_FOUND);
    return summary;
  };

  routes.post(
    '/api/order',
    {
      schema: OrderPlace,
      // Both forms meet one schema: {order: {…}} is unwrapped before validation.
      preValidation: async (request) => {
        request.body = unwrapOrder(request.body) as OrderBody;
      },
    },
    async (request, reply) => {
      const order = request.body;
      const tokenHolder = await customers.customerOf(callerToken(request));
      // Read once, with its lines: its owner, then whether this caller may use it, then what it holds.
      const stored = await carts.rowWithLines(order.cart_id);
      const customer = tokenHolder ?? (await customers.ownerOfCart(stored?.cart.customer_id ?? null, order.user_id));
      const clientOrderId = clientOrderIdOf(order, request.headers['idempotency-key']);
      const cart = carts.usableBy(stored?.cart ?? null, customer?.id ?? null);
      const info = order.addressInformation;
      const placed = await orders.place({
        clientOrderId,
        cart,
        lines: stored!.lines,
        customerId: customer?.id ?? null,
        groupId: customer?.groupId ?? 0,
        shippingAddress: allowListedAddress(info.shippingAddress, 'body.addressInformation.shippingAddress'),
        billingAddress: info.billingAddress ? allowListedAddress(info.billingAddress, 'body.addressInformation.billingAddress') : undefined,
        shippingMethod: `${info.shipping_carrier_code}_${info.shipping_method_code}`,
        paymentMethod: info.payment_method_code,
        // Which A/B build took the order: from the cookie the page server signed, never from the body.
        experimentPins: experimentCookie.read(cookieFrom(request.headers.cookie, EXPERIMENT_COOKIE)),
      });
      // The confirmation e-mail was queued with the order, committed with it (the mail worker sends
      // it once, after a crash too). An order paid offline needs nothing more, placed now or replayed.
      if (!needsPayment(placed)) return sendResult(reply, placed);
      const summary = await orders.summaryById(placed.backendOrderId);
      return sendResult(reply, {
        ...placed,
        ...(needsPayment(summary) ? { paymentRedirect: await payments.redirectFor(summary, shopperOriginOf(request.headers)) } : {}),
      });
    },
  );

  routes.get('/api/order/status', { schema: OrderRead }, async (request, reply) => {
    // The row id stays inside: the shopper's keys are the number and the client order id.
    const { id: _internal, ...visible } = await shoppersOrder(request.query);
    return sendResult(reply, visible);
  });

  routes.post('/api/order/payment', { schema: OrderPaymentStart }, async (request, reply) => {
    return sendResult(reply, { paymentRedirect: await payments.redirectFor(await shoppersOrder(request.body), shopperOriginOf(request.headers)) });
  });
}
