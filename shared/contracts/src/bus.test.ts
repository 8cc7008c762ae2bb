import { cartAddRequested, cartUpdated } from './channels/cart';
import { allEvents, defineChannel } from './bus';

describe('typed channels on one bus', () => {
  test('a subscriber hears its own channel only, until it unsubscribes', () => {
    const heard: unknown[] = [];
    const off = cartAddRequested.on((payload) => heard.push(payload));
    cartUpdated.emit({ itemsCount: 3 });
    cartAddRequested.emit({ sku: 'KAL-1', qty: 2 });
    off();
    cartAddRequested.emit({ sku: 'KAL-2', qty: 1 });
    expect(heard).toEqual([{ sku: 'KAL-1', qty: 2 }]);
  });

  test('two definitions of one name are the same channel', () => {
    const heard: number[] = [];
    defineChannel<number>('test:n').on((n) => heard.push(n));
    defineChannel<number>('test:n').emit(7);
    expect(heard).toEqual([7]);
  });

  test('allEvents sees every event with its name', () => {
    const names: string[] = [];
    const subscription = allEvents.subscribe((event) => names.push(event.type));
    cartUpdated.emit({ itemsCount: 1 });
    subscription.unsubscribe();
    expect(names).toEqual(['cart:updated']);
  });
});
