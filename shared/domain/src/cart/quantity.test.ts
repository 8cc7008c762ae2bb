import { checkQuantity } from './quantity';

const stock = { is_in_stock: true, qty: 7, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 };

test.each([
  ['1', stock, { ok: true, qty: 1 }],
  [' 7 ', stock, { ok: true, qty: 7 }],
  ['8', stock, { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 7 } }],
  ['12', { ...stock, manage_stock: false }, { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 10 } }],
  ['500', { ...stock, manage_stock: false, max_sale_qty: 0 }, { ok: true, qty: 500 }],
  ['1000', undefined, { ok: false, message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 999 } }],
  ['999', undefined, { ok: true, qty: 999 }],
  ['0', stock, { ok: false, message: 'Quantity must be above 0' }],
  ['-2', stock, { ok: false, message: 'Quantity must be above 0' }],
  ['1.5', stock, { ok: false, message: 'Quantity must be positive integer' }],
  ['dwa', stock, { ok: false, message: 'Quantity must be positive integer' }],
  ['', stock, { ok: false, message: 'Quantity must be positive integer' }],
])('"%s" → %j', (raw, stockInfo, expected) => {
  expect(checkQuantity(raw, stockInfo)).toEqual(expected);
});
