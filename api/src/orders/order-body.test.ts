import type { OrderBody } from '@kaloryfer/api-contract';
import { allowListedAddress, clientOrderIdOf, derivedOrderKey, unwrapOrder } from './order-body';

const ADDRESS = { firstname: 'Anna', lastname: 'Kowalska', street: ['ul. Grzewcza 7'], city: 'Kraków', postcode: '30-001', country_id: 'PL' };
const ORDER: OrderBody = {
  cart_id: 'cart-0123456789abcdef',
  products: [{ sku: 'ZAW-1', qty: 2, item_id: 11, server_item_id: 11, name: 'Zawór', price: 99 }],
  addressInformation: { shippingAddress: ADDRESS, shipping_carrier_code: 'courier', shipping_method_code: 'courier', payment_method_code: 'cashondelivery' },
};

test.each([
  ["VSF's bare order stays as it is", ORDER, ORDER],
  ["the shop's {order: …} is unwrapped", { order: ORDER }, ORDER],
  ['order that is not an object is left to the schema', { order: 'x', cart_id: 'c' }, { order: 'x', cart_id: 'c' }],
  ['an array is left to the schema', [ORDER], [ORDER]],
  ['nothing is left to the schema', null, null],
])('unwrapOrder: %s', (_name, body, expected) => {
  expect(unwrapOrder(body)).toEqual(expected);
});

test.each([
  ['allow-listed fields kept', ADDRESS, ADDRESS],
  [
    "unknown fields dropped (a 50 KB note, VSF's region fields)",
    { ...ADDRESS, note: 'x'.repeat(50_000), region: '', region_id: 0, region_code: '', sameAsBilling: 1, __proto__x: 1 },
    ADDRESS,
  ],
  ["VSF's countryId read as country_id", { ...ADDRESS, country_id: undefined, countryId: 'PL' }, ADDRESS],
  ['null and empty street lines dropped, numbers as text', { ...ADDRESS, street: ['ul. Grzewcza', 7, null] }, { ...ADDRESS, street: ['ul. Grzewcza', '7'] }],
  [
    'empty optional fields dropped, others trimmed',
    { ...ADDRESS, company: '', vat_id: null, telephone: ' 601 234 567 ', email: 'a@b.pl' },
    { ...ADDRESS, telephone: '601 234 567', email: 'a@b.pl' },
  ],
  ['no street line left: one empty line (the order says "Field is required")', { ...ADDRESS, street: [null] }, { ...ADDRESS, street: [''] }],
])('allowListedAddress: %s', (_name, address, expected) => {
  expect(allowListedAddress(address as never, 'shippingAddress')).toEqual(expected);
});

test('allowListedAddress: no country at all → 400 naming both spellings', () => {
  expect(() => allowListedAddress({ ...ADDRESS, country_id: undefined } as never, 'body.shippingAddress')).toThrow(
    'body.shippingAddress.country_id (or countryId) is required',
  );
});

const keyOf = (changes: Partial<OrderBody>) => derivedOrderKey({ ...ORDER, ...changes });
test.each([
  ['the same request again', {}, true],
  [
    'other prices, names and VSF extras of the same lines',
    { products: [{ sku: 'ZAW-1', qty: 2, item_id: 11, server_item_id: 11, price: 1, transmited: true }] },
    true,
  ],
  [
    'other addresses (a retry after a refused address)',
    { addressInformation: { ...ORDER.addressInformation, shippingAddress: { ...ADDRESS, city: 'Tarnów' } } },
    true,
  ],
  ['another quantity', { products: [{ sku: 'ZAW-1', qty: 3, item_id: 11, server_item_id: 11 }] }, false],
  ['a line added again (a new server item id)', { products: [{ sku: 'ZAW-1', qty: 2, item_id: 12, server_item_id: 12 }] }, false],
  ['another cart', { cart_id: 'cart-fedcba9876543210' }, false],
  ['another payment method', { addressInformation: { ...ORDER.addressInformation, payment_method_code: 'banktransfer' } }, false],
])('derivedOrderKey: %s → same key: %s', (_name, changes, same) => {
  expect(keyOf(changes as Partial<OrderBody>) === keyOf({})).toBe(same);
  expect(keyOf(changes as Partial<OrderBody>)).toMatch(/^vsf-[A-Za-z0-9_-]{40}$/);
});

test.each([
  ['order_id first', { ...ORDER, order_id: 'client-order-1' }, 'idem-key-0001', 'client-order-1'],
  ['then the Idempotency-Key header', ORDER, 'idem-key-0001', 'idem-key-0001'],
  ['else derived from the cart', ORDER, undefined, derivedOrderKey(ORDER)],
])('clientOrderIdOf: %s', (_name, order, header, expected) => {
  expect(clientOrderIdOf(order, header)).toBe(expected);
});

test.each([
  ['too short', 'abc'],
  ['not [A-Za-z0-9_-]', 'klucz zamówienia 1'],
  ['twice', ['idem-key-0001', 'idem-key-0002']],
])('clientOrderIdOf: an Idempotency-Key %s → 400', (_name, header) => {
  expect(() => clientOrderIdOf(ORDER, header)).toThrow('Idempotency-Key must be');
});
