import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Carts } from '../cart/carts';
import type { Customers } from '../customers/customers';
import { sendResult } from '../http/envelope';
import type { Orders } from '../orders/orders';

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

/** `POST /api/order` (vsf-contract.md): the server cart becomes an order, once per client order id. */
export async function orderRoutes(app: FastifyInstance, { orders, carts, customers }: { orders: Orders; carts: Carts; customers: Customers }) {
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
    return sendResult(reply, placed);
  });
}
