import { first, JSON_HEADERS, need, ok, type ReplayContext, type VsfCall } from './types';

/**
 * VSF 1.12.3 core/pages/Checkout.js prepareOrder → order/placeOrder (core/modules/order/store/actions.ts:
 * optimizeOrder, prepareOrder adds store_code, processOrder adds transmited: true) → OrderService.placeOrder:
 * the order itself is the body, with no order_id. What is read: the answer's `result` becomes the
 * confirmation (ORDER_LAST_ORDER_WITH_CONFIRMATION; the GTM module reads confirmation.backendOrderId).
 */
export function vsfOrder(ctx: ReplayContext) {
  const payment = {
    state: '',
    region_id: 0,
    country: 'PL',
    streetAddress: 'ul. Grzewcza 7',
    apartmentNumber: undefined as string | undefined,
    company: undefined as string | undefined,
    phoneNumber: '601 234 567',
    zipCode: '30-001',
    city: 'Kraków',
    firstName: 'Anna',
    lastName: 'Kowalska',
    taxId: undefined as string | undefined,
  };
  return {
    user_id: ctx.customerId !== undefined ? String(ctx.customerId) : '',
    cart_id: ctx.cartId ?? '',
    // cartItems: the product entity as the client keeps it in its cart, with the server's line ids.
    products: ctx.items.map((item) => ({
      id: ctx.product.id,
      sku: item.sku,
      qty: item.qty,
      name: item.name,
      price: item.price,
      price_incl_tax: item.price,
      product_type: item.product_type,
      type_id: item.product_type,
      item_id: item.item_id,
      server_item_id: item.server_item_id,
      checksum: 'a1b2c3',
      totals: { item_id: item.item_id, qty: item.qty },
    })),
    addressInformation: {
      billingAddress: {
        region: payment.state,
        region_id: payment.region_id,
        country_id: payment.country,
        street: [payment.streetAddress, payment.apartmentNumber],
        company: payment.company,
        telephone: payment.phoneNumber,
        postcode: payment.zipCode,
        city: payment.city,
        firstname: payment.firstName,
        lastname: payment.lastName,
        email: ctx.email,
        region_code: '',
        vat_id: payment.taxId,
      },
      shipping_method_code: ctx.shipping?.method_code,
      shipping_carrier_code: ctx.shipping?.carrier_code,
      payment_method_code: ctx.paymentMethod,
      payment_method_additional: {},
      shippingExtraFields: undefined,
      shippingAddress: {
        region: '',
        region_id: 0,
        country_id: 'PL',
        street: ['ul. Grzewcza 7', '12'],
        company: '',
        telephone: '601 234 567',
        postcode: '30-001',
        city: 'Kraków',
        firstname: 'Anna',
        lastname: 'Kowalska',
        email: ctx.email,
        region_code: '',
      },
    },
    transmited: true,
  };
}

const confirmation = (answer: Parameters<VsfCall['reads']>[0]) =>
  first(
    ok(answer),
    need(answer.body?.result && typeof answer.body.result === 'object', 'result: the confirmation object'),
    need(answer.body?.result?.backendOrderId !== undefined, 'result.backendOrderId'),
    need(typeof answer.body?.result?.orderNumber === 'string', 'result.orderNumber'),
  );

export const orderCall = (who: 'guest' | 'customer'): VsfCall => ({
  call: `order (${who})`,
  source:
    'OrderService.placeOrder: POST config.orders.endpoint with the order as the body, no order_id' +
    (who === 'customer' ? "; a customer's order too carries no token: user_id and the cart id stand for it" : ''),
  method: 'POST',
  url: '/api/order',
  headers: JSON_HEADERS,
  body: vsfOrder,
  reads: (answer, ctx) => {
    const why = confirmation(answer);
    if (!why) {
      ctx.lastOrder = { body: answer.sent ?? '', orderNumber: answer.body!.result.orderNumber };
      ctx.items = [];
    }
    return why;
  },
});

/** Not a call of its own: VSF's queue sending the same order again (a lost answer). It must be the same order. */
export const orderRetry: VsfCall = {
  call: 'order (the same request again)',
  source: 'a retried OrderService.placeOrder: the same body (VSF sends no order id)',
  method: 'POST',
  url: '/api/order',
  headers: JSON_HEADERS,
  body: (ctx) => JSON.parse(ctx.lastOrder?.body ?? '{}'),
  reads: (answer, ctx) =>
    first(
      confirmation(answer),
      need(
        answer.body?.result?.orderNumber === ctx.lastOrder?.orderNumber,
        `the first order (${ctx.lastOrder?.orderNumber}), not ${answer.body?.result?.orderNumber}`,
      ),
    ),
};
