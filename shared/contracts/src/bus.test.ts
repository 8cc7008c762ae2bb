import { cartAddRequested } from './channels/cart';
import { connectivityChanged } from './channels/connectivity';
import { allEvents, defineChannel, defineCommand } from './bus';

describe('typed channels on one bus', () => {
  test('a subscriber hears its own channel only, until it unsubscribes', () => {
    const heard: unknown[] = [];
    const off = cartAddRequested.on((payload) => heard.push(payload));
    connectivityChanged.emit({ online: false });
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
    connectivityChanged.emit({ online: true });
    subscription.unsubscribe();
    expect(names).toEqual(['connectivity:changed']);
  });
});

describe('commands wait for their owner', () => {
  test('a command sent before its owner listens is delivered, in order, once it does', async () => {
    const command = defineCommand<number>('test:early');
    command.emit(1);
    command.emit(2);
    const heard: number[] = [];
    command.on((n) => heard.push(n));
    command.emit(3);
    await Promise.resolve();
    expect(heard).toEqual([1, 2, 3]);
  });

  test('with an owner listening, a command goes straight through; after it leaves, commands wait again', async () => {
    const command = defineCommand<string>('test:owner');
    const heard: string[] = [];
    const off = command.on((text) => heard.push(text));
    command.emit('now');
    expect(heard).toEqual(['now']);
    off();
    command.emit('later');
    expect(heard).toEqual(['now']);
    command.on((text) => heard.push(`again ${text}`));
    await Promise.resolve();
    expect(heard).toEqual(['now', 'again later']);
  });

  test('facts are never held: nobody listening, nothing delivered later', async () => {
    const fact = defineChannel<number>('test:fact');
    fact.emit(1);
    const heard: number[] = [];
    fact.on((n) => heard.push(n));
    await Promise.resolve();
    expect(heard).toEqual([]);
  });
});
