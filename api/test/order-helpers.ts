import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import type { TestServer } from '../harness/test-server';

/** Calls, carts and order bodies the order and payment tests share. */
export function orderClient(server: () => TestServer) {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(server().baseUrl + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code: number; result: any } };
  }

  async function cartWith(sku: string, qty: number): Promise<string> {
    const cartId = (await call('POST', '/api/cart/create')).body.result as string;
    const added = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty, quoteId: cartId } });
    expect(added.status).toBe(200);
    return cartId;
  }

  let orderSeq = 0;
  const orderBody = (cartId: string, changes: Record<string, unknown> = {}, info: Record<string, unknown> = {}) => ({
    order: {
      order_id: `test-order-${(orderSeq += 1)}-${cartId.slice(0, 6)}`,
      cart_id: cartId,
      addressInformation: {
        shippingAddress: ADDRESS,
        shipping_carrier_code: 'courier',
        shipping_method_code: 'courier',
        payment_method_code: 'cashondelivery',
        ...info,
      },
      ...changes,
    },
  });

  return { call, cartWith, orderBody };
}

export const ADDRESS = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7', '12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
  email: 'anna.kowalska@example.pl',
};

/** Shown simple products without custom options whose stock is kept (managed, not volatile), in stock with at least `minQty`. */
export function stockedSimple(server: TestServer, minQty = 1): Product[] {
  return server.app.catalog.products.filter(
    (product: Product) =>
      isViewable(product) &&
      product.type_id === 'simple' &&
      product.stock.is_in_stock &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      product.stock.qty >= minQty &&
      !product.custom_options,
  );
}

/** A plain valve: simple, managed stock of 30 or more, no options or tiers — orders of it price simply. */
export function plainValve(server: TestServer): Product {
  const valve = stockedSimple(server, 30).find(
    (product) => product.tier_prices.length === 0 && (product.stock.max_sale_qty === 0 || product.stock.max_sale_qty >= 2),
  );
  expect(valve).toBeDefined();
  return valve!;
}
