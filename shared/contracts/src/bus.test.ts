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

describe('kept commands survive a reload of the tab (keepWaitingCommandsIn)', () => {
  /** A fresh bus module, as a new page has: the module state is per page. */
  const freshBus = () => {
    let bus!: typeof import('./bus');
    jest.isolateModules(() => {
      bus = require('./bus') as typeof import('./bus');
    });
    return bus;
  };
  const storage = () => {
    let saved: unknown = [];
    return {
      load: () => saved as never,
      save: (commands: unknown) => {
        saved = JSON.parse(JSON.stringify(commands));
      },
      get saved() {
        return saved as { channel: string; payload: unknown }[];
      },
    };
  };

  test('an add-to-cart waiting for the cart is kept; the next page of the tab sends it again, once, to the owner; UI commands are not kept', async () => {
    const store = storage();
    const before = freshBus();
    before.keepWaitingCommandsIn(store);
    before.defineCommand<{ sku: string }>('cart:add-requested', { keep: true }).emit({ sku: 'KF-ZT-0001' });
    before.defineCommand<{ open: boolean }>('cart:microcart-toggle-requested').emit({ open: true });
    expect(store.saved.map(({ channel, payload }) => [channel, payload])).toEqual([['cart:add-requested', { sku: 'KF-ZT-0001' }]]);

    // The tab reloads (the cart's code never arrived): the new page's bus takes the kept command back.
    const after = freshBus();
    const add = after.defineCommand<{ sku: string }>('cart:add-requested', { keep: true });
    const waiting: string[] = [];
    after.onCommandWaiting((channel) => waiting.push(channel));
    after.keepWaitingCommandsIn(store);
    expect(waiting).toEqual(['cart:add-requested']); // the shell wakes its owner
    expect(after.commandsWaiting()).toEqual(['cart:add-requested']);
    const heard: unknown[] = [];
    add.on((payload) => heard.push(payload));
    await Promise.resolve();
    expect(heard).toEqual([{ sku: 'KF-ZT-0001' }]);
    expect(store.saved).toEqual([]); // handed over: not sent again by a later page
    expect(after.commandsWaiting()).toEqual([]);
  });

  test('a page whose owner listens already takes the kept commands at once; a storage that throws loses nothing in memory', async () => {
    const store = storage();
    freshBus().defineCommand<number>('wishlist:add-requested', { keep: true }).emit(1);
    const first = freshBus();
    first.keepWaitingCommandsIn(store);
    first.defineCommand<number>('wishlist:add-requested', { keep: true }).emit(7);
    const next = freshBus();
    const heard: number[] = [];
    next.defineCommand<number>('wishlist:add-requested', { keep: true }).on((n) => heard.push(n));
    next.keepWaitingCommandsIn(store);
    await Promise.resolve();
    expect(heard).toEqual([7]);

    const broken = freshBus();
    broken.keepWaitingCommandsIn({
      load: () => {
        throw new Error('denied');
      },
      save: () => {
        throw new Error('full');
      },
    });
    const command = broken.defineCommand<number>('compare:add-requested', { keep: true });
    command.emit(3);
    const got: number[] = [];
    command.on((n) => got.push(n));
    await Promise.resolve();
    expect(got).toEqual([3]);
  });
});
