import type { Notification } from '@kaloryfer/contracts';
import { atom } from 'nanostores';
import { DEFAULT_TIME_TO_LIVE, NotificationCenter } from './notification-center';

function setup() {
  jest.useFakeTimers();
  const store = atom<Notification[]>([]);
  return { store, center: new NotificationCenter(store, globalThis as never) };
}

afterEach(() => jest.useRealTimers());

describe('notifications (spec §4, §8)', () => {
  test('expire after 5000 ms by default, with an OK action', () => {
    const { store, center } = setup();
    center.add({ type: 'success', message: 'Product has been added to the cart!' });
    expect(store.get()).toEqual([expect.objectContaining({ message: 'Product has been added to the cart!', action1: { label: 'OK' } })]);
    jest.advanceTimersByTime(DEFAULT_TIME_TO_LIVE - 1);
    expect(store.get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
  });

  test('a duplicate of the last message is ignored', () => {
    const { store, center } = setup();
    expect(center.add({ type: 'error', message: 'Out of stock' })).not.toBeNull();
    expect(center.add({ type: 'error', message: 'Out of stock' })).toBeNull();
    center.add({ type: 'success', message: 'OK' });
    center.add({ type: 'error', message: 'Out of stock' });
    expect(store.get().map((n) => n.message)).toEqual(['Out of stock', 'OK', 'Out of stock']);
  });

  test('the same message with other parameters is not a duplicate', () => {
    const { store, center } = setup();
    center.add({ type: 'success', message: 'Product {productName} has been added to wishlist!', params: { productName: 'Wenus' } });
    center.add({ type: 'success', message: 'Product {productName} has been added to wishlist!', params: { productName: 'Mars' } });
    expect(store.get()).toHaveLength(2);
  });

  test.each([
    [{ timeToLive: 1000 }, 1000, 0],
    [{ timeToLive: 1000 }, 999, 1],
    [{ hasNoTimeout: true }, 60_000, 1],
  ])('%j after %i ms leaves %i', (options, elapsed, left) => {
    const { store, center } = setup();
    center.add({ type: 'warning', message: 'You are offline', ...options });
    jest.advanceTimersByTime(elapsed);
    expect(store.get()).toHaveLength(left);
  });

  test('dismissing removes it and cancels its timer', () => {
    const { store, center } = setup();
    const shown = center.add({ type: 'info', message: 'Order waiting!', action2: { label: 'Proceed to checkout', intent: { name: 'checkout' } } });
    center.remove(shown!.id);
    expect(store.get()).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
