import type { OrderAddress, OrderHistoryEntry, OrderHistoryPage } from '@kaloryfer/api-contract';
import { claimWriter } from '@kaloryfer/contracts';

/** Test helpers of the order pages (not a test): a signed-in session, orders as the API answers them, a fake shop API. */

export function signIn(token = 'access-1') {
  claimWriter('session', 'mfe-account').set({
    authorised: true,
    token,
    groupToken: null,
    tokenLock: 0,
    user: { id: 7, firstname: 'Anna', lastname: 'Kowalska', email: 'anna@example.pl', groupId: 1, isSubscribed: false, addresses: [] },
  });
}

export function showRoute(name: string, params: Record<string, string> = {}, search = '') {
  claimWriter('route', 'shell').set({ path: '/my-account/orders', search, hash: '', name, params, previousPath: null, isBack: false });
}

const ADDRESS: OrderAddress = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7/12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
};

/** An order of the history as `GET /api/user/order-history` answers it. */
export function historyOrder(changes: Partial<OrderHistoryEntry> = {}): OrderHistoryEntry {
  return {
    entity_id: 42,
    increment_id: '000000042',
    order_id: 'client-order-42',
    created_at: '2026-11-24T10:15:00.000Z',
    status: 'processing',
    payment_state: 'paid',
    customer_email: 'anna@example.pl',
    customer_firstname: 'Anna',
    customer_lastname: 'Kowalska',
    grand_total: 1338.99,
    subtotal_incl_tax: 1300,
    discount_amount: 0,
    coupon_code: null,
    shipping_incl_tax: 38.99,
    payment_fee_incl_tax: 0,
    tax_amount: 250.38,
    total_segments: [
      { code: 'subtotal', title: 'Subtotal', value: 1300 },
      { code: 'shipping', title: 'Shipping', value: 38.99 },
      { code: 'tax', title: 'Tax', value: 250.38 },
      { code: 'grand_total', title: 'Grand Total', value: 1338.99 },
    ],
    shipping_method: 'courier_courier',
    shipping_description: 'Kurier',
    payment: { method: 'payu_blik', additional_information: ['BLIK'], offline: false },
    items: [
      {
        sku: 'KAL-WEN',
        name: 'Grzejnik Wenus',
        qty_ordered: 2,
        price_incl_tax: 650,
        row_total_incl_tax: 1300,
        image: '/catalog/wenus.jpg',
        slug: 'wenus',
        parent_sku: null,
        product_option: null,
        options: [],
      },
    ],
    billing_address: { ...ADDRESS, address_type: 'billing' },
    shipping_address: { ...ADDRESS, address_type: 'shipping' },
    extension_attributes: { shipping_assignments: [{ shipping: { address: { ...ADDRESS, address_type: 'shipping' }, method: 'courier_courier' } }] },
    ...changes,
  };
}

export const historyPage = (items: OrderHistoryEntry[], total = items.length, page = 1): OrderHistoryPage => ({
  items,
  total_count: total,
  search_criteria: { page_size: 20, current_page: page },
});

/** What apiJson reads of a fetch answer (jsdom has no Response). */
const reply = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload });

export interface SeenCall {
  path: string;
  query: URLSearchParams;
  method: string;
  body: unknown;
}

/**
 * The shop API at the HTTP boundary: each answer is scripted per path (a function of the call);
 * every call is kept. An unscripted path answers 500.
 */
export function fakeShopApi(script: Record<string, (call: SeenCall) => { status: number; result: unknown }>) {
  const calls: SeenCall[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const call = {
      path: pathname,
      query: searchParams,
      method: init.method ?? 'GET',
      body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    };
    calls.push(call);
    const answer = script[pathname]?.(call) ?? { status: 500, result: 'Internal error' };
    return reply(answer.status, { code: answer.status, result: answer.result });
  }) as unknown as typeof fetch;
  return calls;
}
