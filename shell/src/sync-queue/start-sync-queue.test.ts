import {
  claimWriter, connectivityChanged, notificationRequested, syncTaskRequested, syncTaskSettled, UNLOADED_CART,
  type NotificationInput, type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { startSyncQueue } from './index';
import type { TaskResponse } from './sync-queue';
import { memoryTaskStore } from './task-store';

const OK: TaskResponse = { headers: { get: () => 'application/json' }, text: async () => '{"code":200,"result":"done"}' };
const flush = async () => { for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0)); };

describe('startSyncQueue: the shell wires the queue to the bus', () => {
  const connectivity = claimWriter('connectivity', 'shell');
  const cart = claimWriter('cart', 'mfe-cart');
  const settled: SyncTaskSettled[] = [];
  const notifications: NotificationInput[] = [];
  const offs: (() => void)[] = [];
  const relay = { postMessage: jest.fn(), addEventListener: jest.fn(), removeEventListener: jest.fn(), close: jest.fn() };

  beforeEach(() => {
    settled.length = 0;
    notifications.length = 0;
    connectivity.set({ online: true });
    cart.set(UNLOADED_CART);
    offs.push(syncTaskSettled.on((s) => settled.push(s)), notificationRequested.on((n) => notifications.push(n)));
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
    connectivity.set({ online: true });
    connectivityChanged.emit({ online: true });
    await flush();
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
      task_id: 'old', url: '/api/old', payload: { method: 'GET' }, transmited: false, transmited_at: null, created_at: 1, updated_at: 1,
      result: null, resultCode: null, code: null, meta: null, callback_event: null, is_result_cacheable: false, acknowledged: false,
    });
    const fetch = jest.fn(async () => OK);
    const stop = startSyncQueue({ store, fetch, locks: null, relay: null });
    await flush();
    expect(fetch).toHaveBeenCalledWith('/api/old', { method: 'GET' });
    expect(await store.list()).toEqual([]);
    stop();
  });
});
