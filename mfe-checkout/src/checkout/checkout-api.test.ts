import { claimWriter, NO_SESSION, tokenRefreshRequested } from '@kaloryfer/contracts';
import { placedOrder, SHOPPER_ORDER, TOTALS } from './testing/api-answers';
import { checkoutApi } from './checkout-api';
import type { OrderRequest } from '../domain/order';

/** The API answered at the fetch boundary: every URL asked, and a 401 for a token it no longer takes. */
const session = claimWriter('session', 'mfe-account');
const CART = 'c'.repeat(24);
let asked: string[];
let refused: string | null;
beforeEach(() => {
  asked = [];
  refused = null;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (refused && url.includes(`token=${refused}`)) {
      return { ok: false, status: 401, statusText: 'Unauthorized', json: async () => ({ code: 401, result: 'Unexpected authorization error' }) } as Response;
    }
    const result = url.includes('collect-totals')
      ? TOTALS
      : url.startsWith('/api/order/status')
        ? SHOPPER_ORDER
        : url.startsWith('/api/order/payment')
          ? { paymentRedirect: 'https://secure.snd.payu.com/pay/?orderId=ABC' }
          : url.startsWith('/api/order')
            ? placedOrder('a'.repeat(32))
            : [];
    return { ok: true, status: 200, statusText: 'OK', json: async () => ({ code: 200, result }) } as Response;
  }) as typeof fetch;
});
afterEach(() => session.set(NO_SESSION));

const ADDRESS = { firstname: 'Anna', lastname: 'Kowalska', street: ['ul. Kwiatowa 12/4'], city: 'Kraków', postcode: '30-001', country_id: 'PL' };
const ORDER: OrderRequest = {
  order: {
    order_id: 'a'.repeat(32),
    cart_id: CART,
    addressInformation: {
      shippingAddress: { ...ADDRESS, email: 'anna@example.pl' },
      billingAddress: ADDRESS,
      shipping_carrier_code: 'courier',
      shipping_method_code: 'courier',
      payment_method_code: 'banktransfer',
    },
  },
};
const everyCartCall = async () => {
  await checkoutApi.shippingMethods(CART);
  await checkoutApi.paymentMethods(CART);
  await checkoutApi.collectTotals(CART, 'courier_courier', 'banktransfer');
  await checkoutApi.placeOrder(ORDER);
};
const query = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

test("a signed-in customer's cart and order calls all carry their token", async () => {
  session.set({ ...NO_SESSION, authorised: true, token: 'anna-token' });
  await everyCartCall();
  expect(asked.map((url) => url.split('?')[0])).toEqual(['/api/cart/shipping-methods', '/api/cart/payment-methods', '/api/cart/collect-totals', '/api/order']);
  expect(asked.map((url) => query(url).get('token'))).toEqual(['anna-token', 'anna-token', 'anna-token', 'anna-token']);
  expect(asked.slice(0, 3).map((url) => query(url).get('cartId'))).toEqual([CART, CART, CART]);
});

test("a guest's calls carry no token", async () => {
  await everyCartCall();
  expect(asked).toHaveLength(4);
  for (const url of asked) expect(query(url).has('token')).toBe(false);
});

test("a customer's order answered 401 asks for one refresh and goes again with the new token (spec §4)", async () => {
  session.set({ ...NO_SESSION, authorised: true, token: 'old' });
  refused = 'old';
  const off = tokenRefreshRequested.on(({ token }) => {
    if (token === 'old') session.set({ ...session.get(), token: 'new' }); // what mfe-account's lock owner does
  });
  await expect(checkoutApi.placeOrder(ORDER)).resolves.toMatchObject({ orderNumber: '000000042' });
  off();
  expect(asked.map((url) => query(url).get('token'))).toEqual(['old', 'new']);
});

test('reading an order and paying again go by the client order id, without a token', async () => {
  session.set({ ...NO_SESSION, authorised: true, token: 'anna-token' });
  await checkoutApi.orderStatus('000000042', 'a'.repeat(32));
  await checkoutApi.retryPayment('000000042', 'a'.repeat(32));
  for (const url of asked) expect(url).not.toContain('token=');
});
