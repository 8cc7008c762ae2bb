import type { CartItem } from '@kaloryfer/api-contract';
import { ApiFailure } from '@kaloryfer/ui';
import type { EngineItem } from './cart-state';
import { decorate, fromServer, isGone, problemOf, wrap } from './server-line';

const local: EngineItem = {
  sku: 'KF-ZT-0001',
  type_id: 'simple',
  qty: 2,
  name: 'Zawór termostatyczny',
  price: 80,
  rowTotal: 0,
  image: '/img/zawor.jpg',
  options: [],
};
const priced: CartItem = {
  sku: 'KF-ZT-0001',
  product_type: 'simple',
  qty: 3,
  item_id: 7,
  quote_id: 'cart-1',
  name: 'Zawór termostatyczny M30',
  price: 89,
  row_total_incl_tax: 267,
  parent_sku: null,
  options: [],
};

test('a line the server priced: its qty, price, name and ids over the local ones; what it leaves out stays', () => {
  expect(decorate(local, priced, 'cart-1')).toEqual({
    ...local,
    qty: 3,
    server_item_id: 7,
    server_cart_id: 'cart-1',
    name: 'Zawór termostatyczny M30',
    price: 89,
    rowTotal: 267,
    error: undefined,
    errorParams: undefined,
  });
});

test('a line the catalogue no longer knows comes back named by its SKU: the name the shopper saw stays', () => {
  const forgotten = { ...priced, name: 'KF-ZT-0001', error: 'No such configuration for the product, choose another combination' };
  expect(decorate(local, forgotten, 'cart-1')).toMatchObject({
    name: 'Zawór termostatyczny',
    error: 'No such configuration for the product, choose another combination',
  });
});

test('a line only the server has keeps its options unwrapped', () => {
  const option = { configurable_item_options: [{ option_id: '93', option_value: '5' }] };
  const line = fromServer({ ...priced, product_option: { extension_attributes: option } }, 'cart-1');
  expect(line).toMatchObject({ sku: 'KF-ZT-0001', qty: 3, product_option: option, server_item_id: 7, server_cart_id: 'cart-1' });
  expect(fromServer(priced, 'cart-1')).not.toHaveProperty('product_option');
});

test.each<[string, string | undefined, ReturnType<typeof problemOf>]>([
  ['no problem', undefined, { error: undefined, errorParams: undefined }],
  [
    'out of stock reads as the stock sync says it',
    'The product is out of stock and cannot be added to the cart!',
    { error: 'Out of the stock!', errorParams: undefined },
  ],
  [
    'a stock limit goes back to its key',
    'Only 3 products of this type are available',
    { error: 'Only {maxQuantity} products of this type are available', errorParams: { maxQuantity: 3 } },
  ],
])('problemOf: %s', (_name, text, expected) => {
  expect(problemOf(text)).toEqual(expected);
});

test('wire details: empty options are not sent; a cart that is gone or not ours', () => {
  expect(wrap({})).toBeUndefined();
  expect(wrap({ bundle_options: [] })).toEqual({ extension_attributes: { bundle_options: [] } });
  expect([401, 403, 404, 400, 500].map((status) => isGone(new ApiFailure(status, 'x')))).toEqual([true, true, true, false, false]);
  expect(isGone(new TypeError('Failed to fetch'))).toBe(false);
});
