import { first, JSON_HEADERS, need, ok, type ReplayContext, type VsfCall } from './types';

/**
 * VSF 1.12.3 core/data-resolver/CartService.ts with the endpoints of config/default.json `cart.*`
 * (`?token={{token}}&cartId={{cartId}}`; a guest's token is '' — core/lib/sync/task.ts getUrl).
 * What is read: core/modules/cart/store/actions/{connect,merge,synchronize,totals,methods,coupon}Actions.ts.
 */

/** The checkout's address as VSF's cart helpers build it (createOrderData / createShippingInfoData): countryId, and street lines it may leave undefined (→ null in JSON). */
export const VSF_SHIPPING_ADDRESS = { firstname: 'Anna', lastname: 'Kowalska', city: 'Kraków', postcode: '30-001', street: ['ul. Grzewcza 7', '12'] };

const line = (item: any) =>
  first(
    need(Number.isInteger(item?.item_id), 'item_id (VSF keeps it as server_item_id)'),
    need(typeof item?.sku === 'string', 'sku'),
    need(typeof item?.qty === 'number', 'qty'),
    need(typeof item?.product_type === 'string', 'product_type'),
  );
const totals = (result: any) =>
  first(
    need(
      Array.isArray(result?.total_segments) && result.total_segments.every((s: any) => typeof s.code === 'string' && 'value' in s),
      'total_segments [{code, value}]',
    ),
    need(
      Array.isArray(result?.items) && result.items.every((item: any) => Number.isInteger(item.item_id) && typeof item.qty === 'number'),
      'items [{item_id, qty}] (prepareShippingInfoForUpdateTotals)',
    ),
  );
const remember = (ctx: ReplayContext, item: any) => {
  const known = {
    sku: item.sku,
    qty: item.qty,
    item_id: item.item_id,
    server_item_id: item.item_id,
    name: item.name,
    price: item.price,
    product_type: item.product_type,
  };
  ctx.items = [...ctx.items.filter((entry) => entry.item_id !== item.item_id), known];
};

export const cartCreate = (who: 'guest' | 'customer'): VsfCall => ({
  call: `cart/create (${who})`,
  source: 'CartService.getCartToken: POST with Content-Type: application/json and no body',
  method: 'POST',
  // A guest cart's URL has {{token}} replaced by '' before the queue sees it.
  url: who === 'guest' ? '/api/cart/create?token=' : '/api/cart/create?token={{token}}',
  headers: JSON_HEADERS,
  reads: (answer, ctx) => {
    const why = first(
      ok(answer),
      need(typeof answer.body?.result === 'string' && answer.body.result.length > 0, 'result: the cart id string (CART_LOAD_CART_SERVER_TOKEN)'),
    );
    if (!why) {
      ctx.cartId = answer.body!.result;
      ctx.items = [];
    }
    return why;
  },
});

export const cartAdd = (label = 'cart/update (add)'): VsfCall => ({
  call: label,
  source: 'mergeActions.updateServerItem → createCartItemForUpdate (sku, qty, product_option undefined for a simple product) → CartService.updateItem',
  method: 'POST',
  url: '/api/cart/update?token={{token}}&cartId={{cartId}}',
  headers: JSON_HEADERS,
  body: (ctx) => ({ cartItem: { sku: ctx.product.sku, qty: 1, product_option: undefined, quoteId: ctx.cartId } }),
  reads: (answer, ctx) => {
    const why = first(ok(answer), line(answer.body?.result));
    if (!why) remember(ctx, answer.body!.result);
    return why;
  },
});

export const cartCalls: VsfCall[] = [
  cartCreate('guest'),
  cartAdd(),
  {
    call: 'cart/pull',
    source: 'synchronizeActions.sync → CartService.getItems (GET with Content-Type: application/json)',
    method: 'GET',
    url: '/api/cart/pull?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    reads: (answer) =>
      first(
        ok(answer),
        need(Array.isArray(answer.body?.result), 'result: an array of lines'),
        ...(Array.isArray(answer.body?.result) ? answer.body!.result : []).map(line),
      ),
  },
  {
    call: 'cart/update (quantity)',
    source: 'createCartItemForUpdate(clientItem, serverItem, updateIds=true): sku, item_id, qty, quoteId from the server item',
    method: 'POST',
    url: '/api/cart/update?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    body: (ctx) => ({ cartItem: { sku: ctx.product.sku, item_id: ctx.items[0]?.item_id, qty: 2, product_option: undefined, quoteId: ctx.cartId } }),
    reads: (answer, ctx) => {
      const why = first(ok(answer), line(answer.body?.result), need(answer.body?.result?.qty === 2, 'qty 2 after the change'));
      if (!why) remember(ctx, answer.body!.result);
      return why;
    },
  },
  {
    call: 'cart/delete',
    source: 'mergeActions (forceClientState): cartItem {sku, item_id, quoteId} → CartService.deleteItem',
    method: 'POST',
    url: '/api/cart/delete?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    body: (ctx) => ({ cartItem: { sku: ctx.items[0]?.sku, item_id: ctx.items[0]?.item_id, quoteId: ctx.cartId } }),
    reads: (answer, ctx) => {
      const why = ok(answer);
      if (!why) ctx.items = [];
      return why;
    },
  },
  cartAdd('cart/update (add again)'),
  {
    call: 'cart/shipping-methods',
    source: 'methodsActions.syncShippingMethods: {address: {region, region_id, country_id, street: [line1, line2], postcode, city, region_code}}',
    method: 'POST',
    url: '/api/cart/shipping-methods?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    body: () => ({
      address: { region: '', region_id: 0, country_id: 'PL', street: ['ul. Grzewcza 7', undefined], postcode: '30-001', city: 'Kraków', region_code: '' },
    }),
    reads: (answer, ctx) => {
      const methods = answer.body?.result;
      const why = first(
        ok(answer),
        need(
          Array.isArray(methods) && methods.every((m: any) => typeof m.carrier_code === 'string' && typeof m.method_code === 'string'),
          'result: [{carrier_code, method_code, …}]',
        ),
      );
      const online = Array.isArray(methods) ? methods.filter((m: any) => m.available !== false && !m.offline) : [];
      if (!why) ctx.shipping = online.find((m: any) => m.default) ?? online.find((m: any) => m.carrier_code === 'courier') ?? online[0];
      return first(why, need(ctx.shipping, 'no available shipping method'));
    },
  },
  {
    call: 'cart/payment-methods',
    source: 'methodsActions.pullMethods → CartService.getPaymentMethods',
    method: 'GET',
    url: '/api/cart/payment-methods?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    reads: (answer, ctx) => {
      const methods = answer.body?.result;
      const why = first(
        ok(answer),
        need(Array.isArray(methods) && methods.every((m: any) => typeof m.code === 'string' && typeof m.title === 'string'), 'result: [{code, title}]'),
      );
      if (!why) ctx.paymentMethod = methods.some((m: any) => m.code === 'cashondelivery') ? 'cashondelivery' : methods[0]?.code;
      return why;
    },
  },
  {
    call: 'cart/shipping-information',
    source:
      'totalsActions.overrideServerTotals → createShippingInfoData: shippingAddress {countryId, …}, billingAddress {countryId, …}, shippingCarrierCode, shippingMethodCode',
    method: 'POST',
    url: '/api/cart/shipping-information?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    body: (ctx) => ({
      addressInformation: {
        shippingAddress: { countryId: 'PL', ...VSF_SHIPPING_ADDRESS },
        billingAddress: { ...VSF_SHIPPING_ADDRESS, countryId: 'PL' },
        shippingCarrierCode: ctx.shipping?.carrier_code,
        shippingMethodCode: ctx.shipping?.method_code,
      },
    }),
    reads: (answer) =>
      first(
        ok(answer),
        totals(answer.body?.result?.totals ?? answer.body?.result),
        need(Array.isArray(answer.body?.result?.payment_methods), 'result.payment_methods (methodsActions reads it)'),
      ),
  },
  {
    call: 'cart/totals',
    source: 'totalsActions.getTotals → CartService.getTotals (no shipping method chosen yet, or after a coupon)',
    method: 'GET',
    url: '/api/cart/totals?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    reads: (answer) => first(ok(answer), totals(answer.body?.result?.totals ?? answer.body?.result)),
  },
  {
    call: 'cart/apply-coupon',
    source: 'couponActions.applyCoupon → CartService.applyCoupon: POST, no body, ?coupon= in the URL',
    method: 'POST',
    url: '/api/cart/apply-coupon?token={{token}}&cartId={{cartId}}&coupon=NEWSLETTER10',
    headers: JSON_HEADERS,
    reads: (answer) => first(ok(answer), need(answer.body?.result === true, 'result: true')),
  },
  {
    call: 'cart/delete-coupon',
    source: 'couponActions.removeCoupon → CartService.removeCoupon: POST, no body',
    method: 'POST',
    url: '/api/cart/delete-coupon?token={{token}}&cartId={{cartId}}',
    headers: JSON_HEADERS,
    reads: (answer) => first(ok(answer), need(answer.body?.result === true, 'result: true')),
  },
];
