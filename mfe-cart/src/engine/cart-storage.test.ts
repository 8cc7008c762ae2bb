import { CACHE_ERROR_LIMIT, CART_KEY, createCartStorage, PRODUCT_CACHE_KEY } from './cart-storage';

/** A storage that can be told to fail like a browser's. */
function fakeStorage(options: { quotaBytes?: number; broken?: boolean } = {}) {
  const data = new Map<string, string>();
  const used = () => [...data.values()].reduce((sum, value) => sum + value.length, 0);
  return {
    data,
    setCalls: 0,
    getItem: (key: string) => data.get(key) ?? null,
    removeItem: (key: string) => {
      data.delete(key);
    },
    setItem(key: string, value: string) {
      this.setCalls += 1;
      if (options.broken) throw new DOMException('blocked', 'SecurityError');
      if (options.quotaBytes !== undefined && used() - (data.get(key)?.length ?? 0) + value.length > options.quotaBytes) {
        throw new DOMException('full', 'QuotaExceededError');
      }
      data.set(key, value);
    },
  };
}

test('the cart survives a reload: written, read back', () => {
  const storage = fakeStorage();
  const cart = createCartStorage(storage);
  expect(cart.write(CART_KEY, { items: [{ sku: 'KF-ZT-0001', qty: 2 }] })).toBe(true);
  expect(createCartStorage(storage).read(CART_KEY)).toEqual({ items: [{ sku: 'KF-ZT-0001', qty: 2 }] });
});

test('a full storage gives up the product cache first, then the cart is written', () => {
  const storage = fakeStorage({ quotaBytes: 120 });
  const cart = createCartStorage(storage);
  expect(cart.write(PRODUCT_CACHE_KEY, { snapshot: 'x'.repeat(80) })).toBe(true);
  expect(cart.write(CART_KEY, { items: 'y'.repeat(60) })).toBe(true);
  expect(storage.data.has(PRODUCT_CACHE_KEY)).toBe(false);
  expect(cart.read(CART_KEY)).toEqual({ items: 'y'.repeat(60) });
  expect(cart.errors).toBe(0);
});

test(`after ${CACHE_ERROR_LIMIT} failed writes, writes stop (the storage is not hammered)`, () => {
  const storage = fakeStorage({ broken: true });
  const cart = createCartStorage(storage);
  for (let attempt = 0; attempt < CACHE_ERROR_LIMIT + 10; attempt += 1) expect(cart.write(CART_KEY, { attempt })).toBe(false);
  expect(cart.errors).toBe(CACHE_ERROR_LIMIT);
  expect(cart.writesEnabled).toBe(false);
  expect(storage.setCalls).toBe(CACHE_ERROR_LIMIT);
});

test('unreadable stored text reads as nothing', () => {
  const storage = fakeStorage();
  storage.data.set(CART_KEY, '{broken');
  expect(createCartStorage(storage).read(CART_KEY)).toBeNull();
});
