import { checkQuantity, quantityLimit, quantityMessage } from './quantity';

const stock = { is_in_stock: true, qty: 7, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 };
const only = (maxQuantity: number) => ({ ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity } });

test.each([
  ['1', stock, { ok: true, qty: 1 }],
  [' 7 ', stock, { ok: true, qty: 7 }],
  ['8', stock, only(7)],
  ['12', { ...stock, manage_stock: false }, only(10)],
  ['500', { ...stock, manage_stock: false, max_sale_qty: 0 }, { ok: true, qty: 500 }],
  // Volatile stock (spec §8): the count is unsure, so more than it is a pre-reservation; the sale maximum still caps.
  ['9', { ...stock, is_volatile: true }, { ok: true, qty: 9 }],
  ['11', { ...stock, is_volatile: true }, only(10)],
  ['40', { ...stock, is_volatile: true, max_sale_qty: 0 }, { ok: true, qty: 40 }],
  // A counted SKU with nothing left: no unit can be taken (the API said so; the product page let it through before).
  ['1', { ...stock, qty: 0 }, only(0)],
  // Out of stock: the count does not cap (the cart's live stock check refuses with its own message).
  ['1', { ...stock, qty: 0, is_in_stock: false, max_sale_qty: 0 }, { ok: true, qty: 1 }],
  ['20', { ...stock, qty: 0, is_in_stock: false }, only(10)],
  ['3', { ...stock, qty: 2.7 }, only(2)],
  ['1000', undefined, only(999)],
  ['999', undefined, { ok: true, qty: 999 }],
  ['0', stock, { ok: false, message: 'Quantity must be above 0' }],
  ['-2', stock, { ok: false, message: 'Quantity must be above 0' }],
  ['1.5', stock, { ok: false, message: 'Quantity must be positive integer' }],
  ['dwa', stock, { ok: false, message: 'Quantity must be positive integer' }],
  ['', stock, { ok: false, message: 'Quantity must be positive integer' }],
  // A request's number (the API's cart/update body).
  [3, stock, { ok: true, qty: 3 }],
  [2.5, stock, { ok: false, message: 'Quantity must be positive integer' }],
  [0, undefined, { ok: false, message: 'Quantity must be above 0' }],
  [1000, undefined, only(999)],
  [Number.NaN, undefined, { ok: false, message: 'Quantity must be positive integer' }],
  [null, undefined, { ok: false, message: 'Quantity must be positive integer' }],
  [['2'], undefined, { ok: false, message: 'Quantity must be positive integer' }],
])('%j → %j', (raw, stockInfo, expected) => {
  expect(checkQuantity(raw, stockInfo)).toEqual(expected);
});

test('the limit is the line cap without stock', () => {
  expect(quantityLimit()).toBe(999);
});

test('a message for plain text answers has its number filled in', () => {
  expect(quantityMessage({ ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 7 } })).toBe(
    'Only 7 products of this type are available',
  );
  expect(quantityMessage({ ok: false, message: 'Quantity must be above 0' })).toBe('Quantity must be above 0');
});
