import type { CartState, NotificationInput } from '@kaloryfer/contracts';
import type { CartAddRequest } from '@kaloryfer/contracts';
import { CartEngine, keyOf, type StoredCart } from './cart-engine';
import { CART_FLAGS, CONNECT_BYPASS_LIMIT } from './cart-rules';
import { CART_KEY, createCartStorage } from './cart-storage';
import { ScriptedCartServer } from './testing/scripted-cart-server';

const valve: CartAddRequest = { sku: 'KF-ZT-0001', qty: 2, product: { name: 'Zawór termostatyczny', priceInclTax: 89, typeId: 'simple' } };
const radiator: CartAddRequest = {
  sku: 'KF-LD-0086-500x1200-BIA',
  parentSku: 'KF-LD-0086',
  qty: 1,
  product: { name: 'Grzejnik Lido', priceInclTax: 1299, typeId: 'configurable' },
};

/** One browser: its localStorage survives a "reload" (a new engine on the same storage). */
function browser(server = new ScriptedCartServer()) {
  const storage = new Map<string, string>();
  const local = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  const notes: NotificationInput[] = [];
  const queuedStockChecks: string[] = [];
  let published: CartState | null = null;
  const open = (flags = CART_FLAGS) =>
    new CartEngine({
      api: server,
      storage: createCartStorage(local),
      flags,
      now: () => 1_700_000_000_000,
      publish: (state) => {
        published = state;
      },
      notify: (note) => notes.push(note),
      queueStockCheck: (sku) => queuedStockChecks.push(sku),
    });
  return {
    server,
    notes,
    queuedStockChecks,
    open,
    get cart() {
      return published!;
    },
    stored: () => JSON.parse(storage.get(CART_KEY) ?? 'null') as StoredCart | null,
    messages: () => notes.map((note) => note.message),
  };
}

async function started(shop = browser()) {
  const engine = shop.open();
  await engine.start();
  return { shop, engine };
}

describe('add item (spec §4/§5)', () => {
  test('ok: a cart is created, the line priced by the server, the count and totals published, the shopper told with Proceed to checkout', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const cartId = shop.cart.cartId!;
    expect(shop.server.lines(cartId)).toEqual([{ sku: 'KF-ZT-0001', qty: 2 }]);
    expect(shop.cart).toMatchObject({ itemsCount: 2, grandTotal: 178, isLoaded: true, syncing: false });
    expect(shop.cart.items[0]).toMatchObject({ sku: 'KF-ZT-0001', qty: 2, priceInclTax: 89, rowTotalInclTax: 178, itemId: 1 });
    expect(shop.notes).toEqual([
      { type: 'success', message: 'Product has been added to the cart!', action2: { label: 'Proceed to checkout', intent: { name: 'checkout' } } },
    ]);
  });

  test('the same item again adds up its quantity, locally and on the server, once', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    await engine.add({ ...valve, qty: 3 });
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-ZT-0001', qty: 5 }]);
    expect(shop.cart.items.map((item) => item.qty)).toEqual([5]);
    expect(shop.cart.itemsCount).toBe(5);
  });

  test.each<[string, Partial<ScriptedCartServer['stock'][string]> | null, CartAddRequest['product'], string, 'success' | 'warning' | 'error', number]>([
    ['in stock', null, valve.product, 'Product has been added to the cart!', 'success', 2],
    [
      'volatile stock: added for pre-reservation',
      { is_in_stock: true, is_volatile: true },
      valve.product,
      'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
      'warning',
      2,
    ],
    ['out of stock: not added', { is_in_stock: false }, valve.product, 'The product is out of stock and cannot be added to the cart!', 'error', 0],
    ['price unknown: not added', null, { name: 'Zawór', priceInclTax: null }, 'Product price is unknown, product cannot be added to the cart!', 'error', 0],
    [
      "the product's own error: not added",
      null,
      { name: 'Zawór', priceInclTax: 89, errors: { variant: 'No such configuration for the product, choose another combination' } },
      'No such configuration for the product, choose another combination',
      'error',
      0,
    ],
    ['a zero price is allowed', null, { name: 'Próbka', priceInclTax: 0 }, 'Product has been added to the cart!', 'success', 2],
  ])('%s', async (_name, stock, product, message, type, count) => {
    const { shop, engine } = await started();
    if (stock) shop.server.stock[valve.sku] = { is_in_stock: true, ...stock };
    await engine.add({ ...valve, product });
    expect(shop.notes.map((note) => [note.type, note.message])).toEqual([[type, message]]);
    expect(shop.cart.itemsCount).toBe(count);
    if (count === 0) expect(shop.server.calls).not.toContain('create');
  });

  test.each<[string, number | null, number[]]>([
    ['a new line the server refuses goes away', null, []],
    ['an added quantity the server refuses goes back to the previous one', 2, [2]],
  ])('failed server update: %s', async (_name, before, quantities) => {
    const { shop, engine } = await started();
    if (before) await engine.add({ ...valve, qty: before });
    shop.server.stock[valve.sku] = { is_in_stock: true, max: 3 };
    shop.notes.length = 0;
    await engine.add({ ...valve, qty: 4 });
    expect(shop.cart.items.map((item) => item.qty)).toEqual(quantities);
    expect(shop.notes).toEqual([{ type: 'error', message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 3 } }]);
  });

  test('offline: the line stays local and goes to the server with the next sync', async () => {
    const { shop, engine } = await started();
    shop.server.failNext.create = [0];
    await engine.add(valve);
    expect(shop.cart).toMatchObject({ itemsCount: 2, cartId: null });
    await engine.sync();
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-ZT-0001', qty: 2 }]);
  });

  test('offline with a server cart already: the added line stays local (not rolled back) and reaches the server once with the next sync', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const cartId = shop.cart.cartId!;
    const before = shop.server.lines(cartId);
    expect(before).toEqual([{ sku: 'KF-ZT-0001', qty: expect.any(Number) }]);
    shop.notes.length = 0;
    shop.server.failNext.update = [0];
    await engine.add(radiator);
    expect(shop.cart.items.map((line) => line.sku)).toEqual(['KF-ZT-0001', radiator.sku]);
    expect(shop.messages()).toEqual(['Product has been added to the cart!']);
    expect(shop.server.lines(cartId)).toEqual(before);
    await engine.sync();
    await engine.sync();
    expect(shop.server.lines(cartId)).toEqual([...before, { sku: radiator.sku, qty: 1 }]);
  });
});

describe('a change sent twice (Idempotency-Key)', () => {
  test('a new line whose answer is lost keeps its key; sent again, it reaches the server cart once', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const cartId = shop.cart.cartId!;
    const before = shop.server.lines(cartId);
    shop.server.failNext.update = [-1]; // the server adds the line; its answer never arrives
    await engine.add(radiator);
    const sent = shop.server.keys.at(-1)!;
    expect(engine.items.find((line) => line.sku === radiator.sku)?.pending_change?.key).toBe(sent);
    expect(shop.server.lines(cartId)).toEqual([...before, { sku: radiator.sku, qty: 1 }]);
    await engine.sync();
    await engine.sync();
    expect(shop.server.lines(cartId)).toEqual([...before, { sku: radiator.sku, qty: 1 }]);
    expect(engine.items.find((line) => line.sku === radiator.sku)?.pending_change).toBeUndefined();
  });

  test('every update carries a key; another change of the line gets another key', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    await engine.add(radiator);
    await engine.setQty(keyOf(engine.items.find((line) => line.sku === radiator.sku)!), 3);
    expect(shop.server.keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(shop.server.keys).size).toBe(shop.server.keys.length);
    for (const sent of shop.server.keys) expect(sent).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });
});

describe('quantities and removal', () => {
  test('a new quantity goes to the server and says so', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    shop.notes.length = 0;
    expect(await engine.setQty(keyOf(engine.items[0]), 4)).toBe(true);
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-ZT-0001', qty: 4 }]);
    expect(shop.cart.grandTotal).toBe(356);
    expect(shop.messages()).toEqual(['Product quantity has been updated!']);
  });

  test('a refused quantity rolls back to the one before', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    shop.server.stock[valve.sku] = { is_in_stock: true, max: 3 };
    expect(await engine.setQty(keyOf(engine.items[0]), 9)).toBe(false);
    expect(shop.cart.items[0].qty).toBe(2);
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-ZT-0001', qty: 2 }]);
  });

  test('removal deletes the server line; a failed delete puts the line back', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    await engine.add(radiator);
    shop.server.failNext.remove = [500];
    await engine.remove(keyOf(engine.items[0]));
    expect(shop.cart.items.map((item) => item.sku)).toEqual(['KF-ZT-0001', 'KF-LD-0086-500x1200-BIA']);
    expect(shop.messages().at(-1)).toBe('Something went wrong');
    await engine.remove(keyOf(engine.items[0]));
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-LD-0086-500x1200-BIA', qty: 1 }]);
    expect(shop.cart).toMatchObject({ itemsCount: 1, grandTotal: 1299 });
  });
});

describe('sync and reloads', () => {
  test('a reload shows the stored cart at once and never doubles a quantity', async () => {
    const shop = browser();
    const first = shop.open();
    await first.start();
    await first.add(valve);
    await first.add(radiator);
    for (let reload = 0; reload < 3; reload += 1) {
      const again = shop.open();
      const starting = again.start();
      expect(shop.cart.itemsCount).toBe(3); // before the server answered
      await starting;
    }
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([
      { sku: 'KF-ZT-0001', qty: 2 },
      { sku: 'KF-LD-0086-500x1200-BIA', qty: 1 },
    ]);
    expect(shop.cart.itemsCount).toBe(3);
  });

  test('a line added on the server elsewhere comes into the local cart (serverMergeByDefault)', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    await shop.server.update(shop.cart.cartId!, { sku: radiator.sku, qty: 1 }, null, 'elsewhere-1');
    await shop.open().start();
    expect(shop.cart.items.map((item) => [item.sku, item.qty])).toEqual([
      ['KF-ZT-0001', 2],
      ['KF-LD-0086-500x1200-BIA', 1],
    ]);
  });

  test('a server cart that is gone: the local lines go to a new cart', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const old = shop.cart.cartId!;
    shop.server.carts.delete(old);
    await shop.open().start();
    expect(shop.cart.cartId).not.toBe(old);
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-ZT-0001', qty: 2 }]);
  });

  test('stock sync: a line that ran out says Out of the stock! and stays (sync is on)', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    shop.server.stock[valve.sku] = { is_in_stock: false };
    await engine.sync();
    expect(shop.cart.items[0]).toMatchObject({ sku: valve.sku, error: 'Out of the stock!' });
  });

  test('offline, the stock check waits in the queue; its answer marks the line that ran out (spec §4 queued check)', async () => {
    const { shop, engine } = await started();
    await engine.add(radiator);
    shop.server.failNext.checkStock = [0];
    shop.server.failNext.update = [0];
    await engine.add(valve);
    expect(shop.queuedStockChecks).toEqual([valve.sku]);
    expect(shop.cart.items.map((item) => item.sku)).toEqual([radiator.sku, valve.sku]); // taken as in stock meanwhile
    await engine.stockChecked(valve.sku, true);
    expect(shop.cart.items.every((item) => item.error === undefined)).toBe(true);
    await engine.stockChecked(valve.sku, false);
    expect(shop.cart.items.map((item) => [item.sku, item.error])).toEqual([
      [radiator.sku, undefined],
      [valve.sku, 'Out of the stock!'],
    ]);
    expect(shop.stored()!.items[1]!.error).toBe('Out of the stock!'); // kept across a reload
  });

  test('a stock check the server answers (even refused) is not queued again', async () => {
    const { shop, engine } = await started();
    shop.server.failNext.checkStock = [503];
    await engine.add(valve);
    expect(shop.queuedStockChecks).toEqual([]);
  });

  test('a queued answer of out of stock removes the line when such lines are not allowed and the cart is not synced', async () => {
    const shop = browser();
    const engine = shop.open({ ...CART_FLAGS, synchronize: false });
    await engine.start();
    await engine.add(valve);
    await engine.add(radiator);
    await engine.stockChecked(valve.sku, false);
    expect(shop.cart.items.map((item) => item.sku)).toEqual([radiator.sku]);
  });

  test('totals sync only when the cart hash changed, unless forced', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const totalsCalls = () => shop.server.calls.filter((call) => call === 'totals').length;
    const before = totalsCalls();
    await engine.setQty(keyOf(engine.items[0]), 2); // no change
    expect(totalsCalls()).toBe(before);
    await engine.setQty(keyOf(engine.items[0]), 3);
    expect(totalsCalls()).toBe(before + 1);
  });
});

describe('connect (spec §4)', () => {
  test('a refused customer token falls back to a guest cart', async () => {
    const { shop, engine } = await started();
    await engine.login('token-expired');
    await engine.add(valve);
    const cartId = shop.cart.cartId!;
    expect(shop.server.carts.get(cartId)?.customer).toBeNull();
    expect(shop.server.lines(cartId)).toEqual([{ sku: 'KF-ZT-0001', qty: 2 }]);
  });

  test(`after ${CONNECT_BYPASS_LIMIT} refusals sync is disabled and the cart works locally`, async () => {
    const { shop, engine } = await started();
    shop.server.failNext.create = Array(CONNECT_BYPASS_LIMIT + 1).fill(503);
    await engine.add(valve);
    expect(shop.server.calls.filter((call) => call === 'create')).toHaveLength(CONNECT_BYPASS_LIMIT + 1);
    expect(shop.cart).toMatchObject({ itemsCount: 2, cartId: null });
    await engine.add(valve);
    expect(shop.server.calls.filter((call) => call === 'create')).toHaveLength(CONNECT_BYPASS_LIMIT + 1);
  });
});

describe('coupons', () => {
  test('applying and removing force a totals resync; a wrong code says so', async () => {
    const { shop, engine } = await started();
    await engine.add(radiator);
    expect(await engine.applyCoupon('NIEMA')).toEqual({ message: "You've entered an incorrect coupon code" });
    expect(await engine.applyCoupon(' ZIMA15 ')).toBeNull();
    expect(shop.cart.totals).toMatchObject({ couponCode: 'ZIMA15', discountAmount: -194.85, grandTotal: 1104.15 });
    expect(await engine.removeCoupon()).toBeNull();
    expect(shop.cart.totals).toMatchObject({ couponCode: null, grandTotal: 1299 });
  });
});

describe("login merge without doubling (VSF 1's best-known bugs)", () => {
  async function customerWithCart(shop: ReturnType<typeof browser>) {
    const cartId = await shop.server.create('token-anna');
    await shop.server.update(cartId, { sku: valve.sku, qty: 1 }, 'token-anna', 'other-device-1');
    await shop.server.update(cartId, { sku: radiator.sku, qty: 1 }, 'token-anna', 'other-device-2');
    return cartId;
  }

  test("the guest's lines join the customer's cart once, the coupon comes along; reloads and re-logins change nothing", async () => {
    const shop = browser();
    const customerCart = await customerWithCart(shop);
    const engine = shop.open();
    await engine.start();
    await engine.add(valve);
    await engine.applyCoupon('ZIMA15');
    const guestCart = shop.cart.cartId!;
    await engine.login('token-anna');
    expect(shop.cart.cartId).toBe(customerCart);
    expect(shop.server.lines(customerCart)).toEqual([
      { sku: 'KF-ZT-0001', qty: 3 },
      { sku: 'KF-LD-0086-500x1200-BIA', qty: 1 },
    ]);
    expect(shop.cart.items.map((item) => [item.sku, item.qty])).toEqual([
      ['KF-ZT-0001', 3],
      ['KF-LD-0086-500x1200-BIA', 1],
    ]);
    expect(shop.server.carts.get(guestCart)?.coupon).toBeNull();
    expect(shop.cart.totals?.couponCode).toBe('ZIMA15');

    await engine.login('token-anna'); // the session says so again
    const reloaded = shop.open();
    await reloaded.start(); // a customer's cart waits for the session…
    await reloaded.login('token-anna'); // …which comes back on every page load
    expect(shop.server.lines(customerCart)).toEqual([
      { sku: 'KF-ZT-0001', qty: 3 },
      { sku: 'KF-LD-0086-500x1200-BIA', qty: 1 },
    ]);
    expect(shop.cart.itemsCount).toBe(4);
  });

  test('a guest\'s page saying "not authorised" leaves the guest\'s cart alone', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    await engine.logout();
    expect(shop.cart.itemsCount).toBe(2);
  });

  test("logout clears and disconnects the cart; logging in again brings the customer's lines back as they are", async () => {
    const shop = browser();
    const customerCart = await customerWithCart(shop);
    const engine = shop.open();
    await engine.start();
    await engine.login('token-anna');
    await engine.logout();
    expect(shop.cart).toMatchObject({ items: [], itemsCount: 0, cartId: null });
    expect(shop.stored()).toMatchObject({ items: [], token: null });
    await engine.login('token-anna');
    expect(shop.server.lines(customerCart)).toEqual([
      { sku: 'KF-ZT-0001', qty: 1 },
      { sku: 'KF-LD-0086-500x1200-BIA', qty: 1 },
    ]);
    expect(shop.cart.itemsCount).toBe(2);
  });
});

describe('clear and edit mode', () => {
  test('clear with sync deletes the server lines and disconnects; without sync leaves the server cart alone', async () => {
    const { shop, engine } = await started();
    await engine.add(valve);
    const cartId = shop.cart.cartId!;
    await engine.clear({ sync: false });
    expect(shop.server.lines(cartId)).toHaveLength(1);
    expect(shop.cart).toMatchObject({ itemsCount: 0, cartId: null, totals: null });
    await engine.add(valve);
    await engine.clear({ sync: true });
    expect(shop.server.lines(cartId)).toHaveLength(1);
    expect([...shop.server.carts.values()].at(-1)?.lines).toEqual([]);
  });

  test("edit mode opens with the line's product, qty and options, saves another variant, closes to null", async () => {
    const { shop, engine } = await started();
    await engine.add(radiator);
    const modes: unknown[] = [];
    engine.onEditChange((mode) => modes.push(mode));
    engine.openEdit(keyOf(engine.items[0]));
    expect(engine.edit).toMatchObject({ parentSku: 'KF-LD-0086', sku: 'KF-LD-0086-500x1200-BIA', qty: 1 });
    expect(await engine.saveEdit({ sku: 'KF-LD-0086-600x1200-BIA', qty: 2 })).toBeNull();
    expect(engine.edit).toBeNull();
    expect(modes.at(-1)).toBeNull();
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-LD-0086-600x1200-BIA', qty: 2 }]);
    expect(shop.cart.grandTotal).toBe(2798);
  });

  test("edit mode asks for a product's variants once and then uses the product cache", async () => {
    const { shop, engine } = await started();
    const first = await engine.productForEdit('KF-LD-0086');
    expect(first.configurable_children?.map((child) => child.sku)).toEqual(['KF-LD-0086-500x1200-BIA', 'KF-LD-0086-600x1200-BIA']);
    await engine.productForEdit('KF-LD-0086');
    expect(shop.server.calls.filter((call) => call === 'product')).toHaveLength(1);
  });

  test('editing into a variant the cart already has makes one line of the two', async () => {
    const { shop, engine } = await started();
    await engine.add(radiator);
    await engine.add({ ...radiator, sku: 'KF-LD-0086-600x1200-BIA', qty: 2 });
    engine.openEdit(keyOf(engine.items[0]));
    await engine.saveEdit({ sku: 'KF-LD-0086-600x1200-BIA', qty: 1 });
    expect(shop.server.lines(shop.cart.cartId!)).toEqual([{ sku: 'KF-LD-0086-600x1200-BIA', qty: 3 }]);
    expect(shop.cart.items.map((item) => [item.sku, item.qty])).toEqual([['KF-LD-0086-600x1200-BIA', 3]]);
  });
});
