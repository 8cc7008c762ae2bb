import type { CartTotals } from '@kaloryfer/api-contract';
import type { CartState } from '@kaloryfer/contracts';
import { CartProjection, projectCart } from './cart-projection';
import { EMPTY, type EngineItem, type StoredCart } from './cart-state';

const valve: EngineItem = {
  sku: 'KF-ZT-0001',
  type_id: 'simple',
  qty: 2,
  name: 'Zawór termostatyczny',
  price: 89,
  rowTotal: 178,
  options: [],
  server_item_id: 1,
};
const radiator: EngineItem = {
  sku: 'KF-LD-0086-500x1200-BIA',
  parentSku: 'KF-LD-0086',
  type_id: 'configurable',
  qty: 1,
  name: 'Grzejnik Lido',
  price: 1299,
  rowTotal: 0,
  options: [],
  error: 'Out of the stock!',
};
const cart: StoredCart = { ...EMPTY, items: [valve, radiator], token: 'cart-1' };
const view = { countType: 'quantities' as const, isLoaded: true, syncing: false };

test("a stored cart as $cart publishes it: lines by their contract names, a line's problem only when it has one", () => {
  const state = projectCart(cart, view);
  expect(state).toMatchObject({ itemsCount: 3, grandTotal: null, isLoaded: true, cartId: 'cart-1', totals: null, syncing: false });
  expect(state.items[0]).toEqual({
    sku: 'KF-ZT-0001',
    parentSku: undefined,
    name: 'Zawór termostatyczny',
    qty: 2,
    priceInclTax: 89,
    rowTotalInclTax: 178,
    typeId: 'simple',
    image: undefined,
    slug: undefined,
    productOption: undefined,
    options: [],
    itemId: 1,
  });
  expect(state.items[1]).toMatchObject({ error: 'Out of the stock!', errorParams: undefined });
});

test.each<['items' | 'quantities', number]>([
  ['items', 2],
  ['quantities', 3],
])('the count by %s', (countType, count) => {
  expect(projectCart(cart, { ...view, countType }).itemsCount).toBe(count);
});

test('totals by their contract names', () => {
  const totals: CartTotals = {
    subtotal_incl_tax: 178,
    discount_amount: -17.8,
    coupon_code: 'NEWSLETTER10',
    shipping_incl_tax: 0,
    payment_fee_incl_tax: 0,
    tax_amount: 29.96,
    grand_total: 160.2,
    total_segments: [],
    items: [],
    shipping_method: null,
    payment_method: null,
  };
  expect(projectCart({ ...cart, totals }, view)).toMatchObject({
    grandTotal: 160.2,
    totals: { subtotalInclTax: 178, discountAmount: -17.8, couponCode: 'NEWSLETTER10', shippingInclTax: 0, grandTotal: 160.2, segments: [] },
  });
});

test('an unchanged cart is not written again; a change (also of syncing) is', () => {
  const written: CartState[] = [];
  const projection = new CartProjection((state) => written.push(state));
  projection.publish(cart, view);
  projection.publish({ ...cart }, view);
  expect(written).toHaveLength(1);
  projection.publish(cart, { ...view, syncing: true });
  projection.publish({ ...cart, items: [valve] }, { ...view, syncing: true });
  expect(written.map((state) => [state.items.length, state.syncing])).toEqual([
    [2, false],
    [2, true],
    [1, true],
  ]);
});
