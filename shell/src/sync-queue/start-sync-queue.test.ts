import {
  claimWriter,
  connectivityChanged,
  notificationRequested,
  syncTaskLookedUp,
  syncTaskLookupRequested,
  syncTaskRequested,
  syncTaskSettled,
  UNLOADED_CART,
  type NotificationInput,
  type RouteState,
  type SyncTaskLookedUp,
  type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { startSyncQueue } from './index';
import type { TaskResponse } from './sync-queue';
import { memoryTaskStore } from './task-store';

const OK: TaskResponse = { headers: { get: () => 'application/json' }, text: async () => '{"code":200,"result":"done"}' };
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('startSyncQueue: the shell wires the queue to the bus', () => {
  const connectivity = claimWriter('connectivity', 'shell');
  const cart = claimWriter('cart', 'mfe-cart');
  const settled: SyncTaskSettled[] = [];
  const notifications: NotificationInput[] = [];
  const offs: (() => void)[] = [];
  /** The connection returns, as the shell's writers announce it. */
  const backOnline = async () => {
    connectivity.set({ online: true });
    connectivityChanged.emit({ online: true });
    await flush();
  };
  const relay = { postMessage: jest.fn(), addEventListener: jest.fn(), removeEventListener: jest.fn(), close: jest.fn() };

  beforeEach(() => {
    settled.length = 0;
    notifications.length = 0;
    connectivity.set({ online: true });
    cart.set(UNLOADED_CART);
    offs.push(
      syncTaskSettled.on((s) => settled.push(s)),
      notificationRequested.on((n) => notifications.push(n)),
    );
  });
  afterEach(() => offs.splice(0).forEach((off) => off()));

  test('a requested task is sent, settled on the bus and relayed to the other tabs; a settled task from another tab is announced here', async () => {
    const fetch = jest.fn(async () => OK);
    const stop = startSyncQueue({ store: memoryTaskStore(), fetch, locks: null, relay });
    syncTaskRequested.emit({ task_id: 'p1', url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: '{}' }, callback_event: 'account:me-saved' });
    await flush();
    const mine = { task_id: 'p1', callback_event: 'account:me-saved', code: 200, resultCode: 200, result: 'done', meta: null, transmitted: true };
    expect(fetch).toHaveBeenCalledWith('/api/user/me?token=', { method: 'POST', body: '{}' });
    expect(settled).toEqual([mine]);
    expect(relay.postMessage).toHaveBeenCalledWith(mine);

    const [, fromOtherTab] = relay.addEventListener.mock.calls[0] as [string, (event: { data: SyncTaskSettled }) => void];
    fromOtherTab({ data: { ...mine, task_id: 'p2' } });
    expect(settled.map((s) => s.task_id)).toEqual(['p1', 'p2']);
    stop();
    expect(relay.close).toHaveBeenCalled();
  });

  test('offline a task waits; going online sends it', async () => {
    connectivity.set({ online: false });
    const fetch = jest.fn(async () => OK);
    const stop = startSyncQueue({ store: memoryTaskStore(), fetch, locks: null, relay: null });
    syncTaskRequested.emit({ task_id: 'o1', url: '/api/x', payload: { method: 'GET' } });
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    await backOnline();
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  test('a task naming {{cartId}} goes when the cart gets its id, with that id', async () => {
    const fetch = jest.fn(async () => OK);
    const stop = startSyncQueue({ store: memoryTaskStore(), fetch, locks: null, relay: null });
    syncTaskRequested.emit({ task_id: 'c1', url: '/api/cart/totals?cartId={{cartId}}', payload: { method: 'GET' } });
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    cart.set({ ...UNLOADED_CART, isLoaded: true, cartId: 'abc' });
    await flush();
    expect(fetch).toHaveBeenCalledWith('/api/cart/totals?cartId=abc', { method: 'GET' });
    stop();
  });

  test('tasks already stored (an earlier page, another tab) are sent at start when online', async () => {
    const store = memoryTaskStore();
    await store.put({
      task_id: 'old',
      url: '/api/old',
      payload: { method: 'GET' },
      transmited: false,
      transmited_at: null,
      created_at: 1,
      updated_at: 1,
      result: null,
      resultCode: null,
      code: null,
      meta: null,
      callback_event: null,
      is_result_cacheable: false,
      acknowledged: false,
    });
    const fetch = jest.fn(async () => OK);
    const stop = startSyncQueue({ store, fetch, locks: null, relay: null });
    await flush();
    expect(fetch).toHaveBeenCalledWith('/api/old', { method: 'GET' });
    expect(await store.list()).toEqual([]);
    stop();
  });

  describe('offline orders (spec §4 "Connectivity")', () => {
    const route = claimWriter('route', 'shell');
    const at = (name: RouteState['name']) => route.set({ path: '/', search: '', hash: '', name, params: {}, previousPath: null, isBack: false });
    const order = {
      task_id: 'order-c0ffee00c0ffee00',
      url: '/api/order?token={{token}}',
      payload: { method: 'POST', body: '{"order":{}}' },
      is_result_cacheable: true,
      awaits_confirmation: true,
      meta: { offlineOrder: 'c0ffee00c0ffee00' },
    };
    const orderAnswer: typeof OK = { headers: { get: () => 'application/json' }, text: async () => '{"code":200,"result":{"orderNumber":"000000042"}}' };
    afterEach(() => at('home'));

    test('back online away from the thank-you page: not sent, one "Order waiting!" prompt whose action opens the order; there it is sent once', async () => {
      at('home');
      connectivity.set({ online: false });
      const fetch = jest.fn(async () => orderAnswer);
      const stop = startSyncQueue({ store: memoryTaskStore(), fetch, locks: null, relay: null, automaticTransmission: false });
      syncTaskRequested.emit(order);
      await flush();
      await backOnline();
      connectivityChanged.emit({ online: true }); // a second "online" does not prompt again
      await flush();
      expect(fetch).not.toHaveBeenCalled();
      expect(notifications).toEqual([
        {
          type: 'warning',
          message: 'Order waiting!',
          hasNoTimeout: true,
          action2: { label: 'Click here to confirm the order that you made offline.', intent: { name: 'thank-you-page', offlineOrder: 'c0ffee00c0ffee00' } },
        },
      ]);

      at('thank-you-page');
      await flush();
      at('home');
      at('thank-you-page'); // the prompt clicked twice
      await flush();
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch).toHaveBeenCalledWith('/api/order?token=', { method: 'POST', body: '{"order":{}}' });
      expect(settled).toEqual([expect.objectContaining({ task_id: order.task_id, code: 200, result: { orderNumber: '000000042' } })]);
      stop();
    });

    test('on the thank-you page, or with automatic transmission, the order goes as soon as the connection returns', async () => {
      for (const [where, automatic] of [
        ['thank-you-page', false],
        ['home', true],
      ] as const) {
        at(where);
        connectivity.set({ online: false });
        const fetch = jest.fn(async () => orderAnswer);
        const stop = startSyncQueue({ store: memoryTaskStore(), fetch, locks: null, relay: null, automaticTransmission: automatic });
        syncTaskRequested.emit(order);
        await flush();
        expect(fetch).not.toHaveBeenCalled();
        await backOnline();
        expect(fetch).toHaveBeenCalledTimes(1);
        expect(notifications).toEqual([]);
        stop();
      }
    });

    test('a lookup answers pending, settled (kept with its result) or unknown', async () => {
      at('home');
      connectivity.set({ online: false });
      const answers: SyncTaskLookedUp[] = [];
      offs.push(syncTaskLookedUp.on((a) => answers.push(a)));
      const stop = startSyncQueue({ store: memoryTaskStore(), fetch: jest.fn(async () => orderAnswer), locks: null, relay: null });
      syncTaskRequested.emit(order);
      await flush();
      syncTaskLookupRequested.emit({ task_id: order.task_id });
      syncTaskLookupRequested.emit({ task_id: 'never' });
      await flush();
      connectivity.set({ online: true });
      at('thank-you-page');
      await flush();
      syncTaskLookupRequested.emit({ task_id: order.task_id });
      await flush();
      expect(answers).toEqual([
        { task_id: order.task_id, state: 'pending' },
        { task_id: 'never', state: 'unknown' },
        { task_id: order.task_id, state: 'settled', settled: expect.objectContaining({ code: 200, result: { orderNumber: '000000042' }, transmitted: true }) },
      ]);
      stop();
    });
  });
});
