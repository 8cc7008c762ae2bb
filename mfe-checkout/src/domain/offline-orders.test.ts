import type { CartLine } from '@kaloryfer/contracts';
import { canWaitOffline, forgetOfflineOrder, offlineOrderOf, offlineOrderTask, orderNumberOf, rememberOfflineOrder, type OfflineOrder } from './offline-orders';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  sku: 'KAL-1',
  name: 'Grzejnik',
  qty: 1,
  priceInclTax: 100,
  rowTotalInclTax: 100,
  typeId: 'simple',
  options: [],
  itemId: 7,
  ...overrides,
});
const cart = { cartId: 'c'.repeat(24), items: [line()], syncing: false };

test.each([
  ['bank transfer, the server holds every line', cart, { offline: true }, true],
  ['a gateway payment needs the network', cart, { offline: false }, false],
  ['no payment method chosen', cart, undefined, false],
  ['a line the server has not seen yet', { ...cart, items: [line(), line({ sku: 'KAL-2', itemId: undefined })] }, { offline: true }, false],
  ['a line that cannot be bought', { ...cart, items: [line({ error: 'Out of stock' })] }, { offline: true }, false],
  ['a cart still syncing', { ...cart, syncing: true }, { offline: true }, false],
  ['no server cart', { ...cart, cartId: null }, { offline: true }, false],
  ['an empty cart', { ...cart, items: [] }, { offline: true }, false],
])('canWaitOffline: %s', (_name, state, payment, expected) => {
  expect(canWaitOffline(state, payment)).toBe(expected);
});

test('the queued order is the online request itself, confirmed before it is sent, its result kept', () => {
  const body = { order: { order_id: 'f'.repeat(32), cart_id: 'c'.repeat(24), addressInformation: {} } } as never;
  expect(offlineOrderTask(body)).toEqual({
    task_id: `order-${'f'.repeat(32)}`,
    url: '/api/order?token={{token}}',
    payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    callback_event: 'order:placed-offline',
    is_result_cacheable: true,
    awaits_confirmation: true,
    meta: { offlineOrder: 'f'.repeat(32) },
  });
});

test('what the thank-you page shows meanwhile is kept per order and forgotten once the order stands', () => {
  const order = (id: string): OfflineOrder => ({ clientOrderId: id, placedAt: 1, email: 'a@b.pl', paymentTitle: 'Przelew', items: [], grandTotal: 100 });
  rememberOfflineOrder(order('a'.repeat(32)));
  rememberOfflineOrder(order('b'.repeat(32)));
  rememberOfflineOrder(order('a'.repeat(32)));
  expect(offlineOrderOf('a'.repeat(32))).toEqual(order('a'.repeat(32)));
  forgetOfflineOrder('a'.repeat(32));
  expect(offlineOrderOf('a'.repeat(32))).toBeNull();
  expect(offlineOrderOf('b'.repeat(32))).not.toBeNull();
  localStorage.setItem('kaloryfer.offlineOrders', '{"not":"a list"}');
  expect(offlineOrderOf('b'.repeat(32))).toBeNull();
});

test.each([
  [{ orderNumber: '000000042' }, '000000042'],
  [{ orderNumber: '' }, null],
  ['Some of the ordered products are not available', null],
  [null, null],
])('orderNumberOf(%p)', (result, expected) => {
  expect(orderNumberOf(result)).toBe(expected);
});
