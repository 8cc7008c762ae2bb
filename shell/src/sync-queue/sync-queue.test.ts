import type { NotificationInput, SyncTaskSettled } from '@kaloryfer/contracts';
import { REFRESH_REFUSED, type SyncTaskRequest } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import { QUEUE_LOCK, SyncQueue, type QueueLocks, type SyncQueueOptions, type TaskResponse } from './sync-queue';
import { memoryTaskStore, type TaskStore } from './task-store';

const answer = (body: unknown, contentType: string | null = 'application/json'): TaskResponse => ({
  headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
  text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
});
const OK = answer({ code: 200, result: { ok: true } });

const request = (overrides: Partial<SyncTaskRequest> = {}): SyncTaskRequest => ({
  task_id: 't1',
  url: '/api/user/me?token={{token}}',
  payload: { method: 'POST', body: '{"customer":{}}' },
  ...overrides,
});

/** A Web Locks stand-in with the two modes the queue uses: ifAvailable (null when held) and waiting. */
function fakeLocks(): QueueLocks & { names: string[] } {
  let held = false;
  const waiting: (() => void)[] = [];
  const names: string[] = [];
  return {
    names,
    async request(name, options, callback) {
      names.push(name);
      if (held) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((resolve) => waiting.push(resolve)); // handed over still held
      }
      held = true;
      try {
        return await callback({ name });
      } finally {
        const next = waiting.shift();
        if (next) next();
        else held = false;
      }
    },
  };
}

function setup(overrides: Partial<SyncQueueOptions> & { online?: boolean; token?: string | null; cartId?: string | null } = {}) {
  const state = { online: overrides.online ?? true, token: overrides.token ?? 'tok', cartId: overrides.cartId ?? null };
  const settled: SyncTaskSettled[] = [];
  const notifications: NotificationInput[] = [];
  const fetch = jest.fn<Promise<TaskResponse>, [string, { method: string; body?: string }]>(async () => OK);
  const store: TaskStore = overrides.store ?? memoryTaskStore();
  let clock = 1_000;
  const queue = new SyncQueue({
    store,
    fetch,
    isOnline: () => state.online,
    placeholders: () => ({ token: state.token, cartId: state.cartId }),
    onSettled: (s) => settled.push(s),
    notify: (n) => notifications.push(n),
    locks: null,
    now: () => clock++,
    ...overrides,
  });
  return { queue, store, fetch, state, settled, notifications };
}

/** Lets queued promise callbacks (enqueue's own process(), the memory store) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the sync queue (spec §4 "Network task")', () => {
  test('a task is stored created and not transmitted, then sent with the placeholders filled at send time', async () => {
    const { queue, store, fetch, state, settled } = setup({ online: false });
    const task = await queue.enqueue(request({ url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: '{"t":"{{token}}"}' } }));
    expect(task).toMatchObject({ transmited: false, transmited_at: null, created_at: 1000, updated_at: 1000 });
    expect(await store.list()).toEqual([task]);
    state.online = true;
    state.token = 'new token';
    await queue.process();
    expect(fetch).toHaveBeenCalledWith('/api/user/me?token=new%20token', { method: 'POST', body: '{"t":"new token"}' });
    expect(settled).toEqual([{ task_id: 't1', callback_event: null, code: 200, resultCode: 200, result: { ok: true }, meta: null, transmitted: true }]);
  });

  test('a task runs once even when process() is called twice at once', async () => {
    const { queue, store, fetch, state } = setup({ online: false });
    await queue.enqueue(request());
    let release!: () => void;
    fetch.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(OK);
        }),
    );
    state.online = true;
    const first = queue.process();
    const second = queue.process();
    await settle();
    release();
    await Promise.all([first, second]);
    await queue.process();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await store.list()).toEqual([]);
  });

  test('two tabs on one queue: the second skips while the first sends, and nothing is sent twice', async () => {
    const locks = fakeLocks();
    const store = memoryTaskStore();
    const tab1 = setup({ store, locks, online: false });
    const tab2 = setup({ store, locks });
    await tab1.queue.enqueue(request({ task_id: 'a' }));
    let release!: () => void;
    tab1.fetch.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(OK);
        }),
    );
    tab1.state.online = true;
    const sending = tab1.queue.process();
    await settle();
    const looking = tab2.queue.process();
    await settle();
    expect(tab2.fetch).not.toHaveBeenCalled();
    release();
    await Promise.all([sending, looking]);
    expect(tab1.fetch).toHaveBeenCalledTimes(1);
    expect(tab2.fetch).not.toHaveBeenCalled();
    expect(locks.names.every((name) => name === QUEUE_LOCK)).toBe(true);
    expect(await store.list()).toEqual([]);
  });

  test('a task stored in one tab while the other sends goes in that sync, once', async () => {
    const locks = fakeLocks();
    const store = memoryTaskStore();
    const tab1 = setup({ store, locks });
    const tab2 = setup({ store, locks });
    let release!: () => void;
    tab1.fetch.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(OK);
        }),
    );
    await tab1.queue.enqueue(request({ task_id: 'a', url: '/api/a' }));
    await settle();
    await tab2.queue.enqueue(request({ task_id: 'b', url: '/api/b' }));
    await settle();
    release();
    for (let i = 0; i < 5; i += 1) await settle();
    // Tab 1 looks at the queue again after each task, so it sends tab 2's too; tab 2 then finds nothing.
    expect(tab1.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/a', '/api/b']);
    expect(tab2.fetch).not.toHaveBeenCalled();
    expect(await store.list()).toEqual([]);
  });

  test('offline nothing is sent; after going online the task goes', async () => {
    const { queue, store, fetch, state } = setup({ online: false });
    await queue.enqueue(request());
    await queue.process();
    expect(fetch).not.toHaveBeenCalled();
    expect((await store.list()).map((t) => t.transmited)).toEqual([false]);
    state.online = true;
    await queue.process();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await store.list()).toEqual([]);
  });

  test('a network failure leaves the task untransmitted, tried once per sync (queue attempts 1)', async () => {
    const { queue, store, fetch, settled, state } = setup({ online: false });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await queue.enqueue(request());
    state.online = true;
    await queue.process();
    expect(fetch).toHaveBeenCalledTimes(1);
    await queue.process();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await store.list()).map((t) => t.transmited)).toEqual([false]);
    expect(settled).toEqual([]);
    fetch.mockResolvedValue(OK);
    await queue.process();
    expect(await store.list()).toEqual([]);
  });

  test('a {{cartId}} task waits until there is a cart id; others go meanwhile', async () => {
    const { queue, store, fetch, state } = setup({ cartId: null });
    await queue.enqueue(request({ task_id: 'cart', url: '/api/cart/totals?token={{token}}&cartId={{cartId}}', payload: { method: 'GET' } }));
    await queue.enqueue(request({ task_id: 'me' }));
    await settle();
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/me?token=tok']);
    expect((await store.list()).map((t) => t.task_id)).toEqual(['cart']);
    state.cartId = 'c-1';
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/me?token=tok', '/api/cart/totals?token=tok&cartId=c-1']);
    expect(await store.list()).toEqual([]);
  });

  test('tasks go one at a time, oldest first', async () => {
    const { queue, fetch, state } = setup({ online: false });
    let inFlight = 0;
    let most = 0;
    fetch.mockImplementation(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await settle();
      inFlight -= 1;
      return OK;
    });
    for (const id of ['1', '2', '3']) await queue.enqueue(request({ task_id: id, url: `/api/x/${id}` }));
    state.online = true;
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/x/1', '/api/x/2', '/api/x/3']);
    expect(most).toBe(1);
  });

  test.each([
    ['a non-JSON answer', answer('<h1>502</h1>', 'text/html'), 'Error with response - bad content-type!'],
    ['an empty body', answer('', 'application/json'), 'Unhandled error, wrong response format!'],
  ])('%s is rejected with the spec message and the task stays for the next sync', async (_name, response, message) => {
    const { queue, store, fetch, settled, notifications } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetch.mockResolvedValue(response);
    await queue.enqueue(request({ callback_event: 'account:me-saved' }));
    await settle();
    await queue.process();
    expect(settled[0]).toEqual({
      task_id: 't1',
      callback_event: 'account:me-saved',
      code: null,
      resultCode: null,
      result: null,
      meta: null,
      transmitted: false,
      error: message,
    });
    expect((await store.list()).map((t) => t.transmited)).toEqual([false]);
    expect(notifications).toEqual([]);
  });

  test.each([
    ['cacheable: the task stays, transmitted with its result', true, [{ transmited: true, result: { id: 7 }, resultCode: 200, code: 200, meta: { page: 1 } }]],
    ['not cacheable: the task is removed', false, []],
  ])('%s', async (_name, cacheable, left) => {
    const { queue, store, fetch } = setup();
    fetch.mockResolvedValue(answer({ code: 200, result: { id: 7 }, meta: { page: 1 } }));
    await queue.enqueue(request({ is_result_cacheable: cacheable }));
    await settle();
    await queue.process();
    expect(await store.list()).toEqual(left.map((fields) => expect.objectContaining(fields)));
  });

  test.each([
    [
      'a non-200 answer raises one error notification with its words',
      {},
      { code: 500, result: 'Internal Server Error 500' },
      [{ type: 'error', message: 'Internal Server Error 500', action1: { label: 'OK' } }],
    ],
    ['ENOTFOUND raises none', {}, { code: 500, result: { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' } }, []],
    ['a silent task raises none', { silent: true }, { code: 500, result: 'Internal Server Error 500' }, []],
    ['an empty error text raises none', {}, { code: 400, result: '' }, []],
    ['a 200 raises none', {}, { code: 200, result: 'fine' }, []],
  ])('%s', async (_name, flags, body, expected) => {
    const { queue, fetch, settled, notifications } = setup();
    fetch.mockResolvedValue(answer(body));
    await queue.enqueue(request(flags));
    await settle();
    await queue.process();
    expect(notifications).toEqual(expected);
    expect(settled).toEqual([expect.objectContaining({ transmitted: true, code: body.code })]);
  });
});

describe('spec §4 "Token handling" for a task that carries the token', () => {
  /** The page's refresh lock as the queue sees it: a 401 is answered with the next token, once. */
  const refreshLock = (tokens: (string | null)[]) => {
    const used: (string | null)[] = [];
    let refused = false; // the lock at -1: every later call fails at once, as withUserToken does
    const withUserToken = async <T>(call: (token: string | null) => Promise<T>): Promise<T> => {
      for (;;) {
        if (refused) throw new ApiFailure(401, REFRESH_REFUSED);
        const token = tokens.shift() ?? null;
        used.push(token);
        try {
          return await call(token);
        } catch (error) {
          if (!(error instanceof ApiFailure && error.status === 401)) throw error;
          if (tokens.length === 0) {
            refused = true;
            throw new ApiFailure(401, REFRESH_REFUSED);
          }
        }
      }
    };
    return { withUserToken, used };
  };

  test('a 401 refreshes the token and the task goes again with the new one; it settles once, with the answer', async () => {
    const lock = refreshLock(['old', 'new']);
    const { queue, fetch, settled } = setup({ withUserToken: lock.withUserToken });
    fetch.mockImplementation(async (url) => (url.includes('token=old') ? answer({ code: 401, result: 'Unauthorized' }) : OK));
    await queue.enqueue(request());
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/me?token=old', '/api/user/me?token=new']);
    expect(settled).toEqual([expect.objectContaining({ task_id: 't1', code: 200, transmitted: true })]);
  });

  test('a refused refresh settles the task with 401 and the spec message, drops the other untransmitted tasks, keeps an offline order waiting', async () => {
    const lock = refreshLock(['old']);
    const { queue, fetch, settled, store } = setup({ withUserToken: lock.withUserToken });
    fetch.mockImplementation(async () => answer({ code: 401, result: 'Unauthorized' }));
    await queue.enqueue(request({ task_id: 'a' }));
    await queue.enqueue(request({ task_id: 'order-1', url: '/api/order?token={{token}}', meta: { offlineOrder: 'c0ffee00c0ffee00' } }));
    await queue.enqueue(request({ task_id: 'b' }));
    await queue.process();
    expect(settled).toEqual([expect.objectContaining({ task_id: 'a', code: 401, result: REFRESH_REFUSED, transmitted: true })]);
    const left = await store.list();
    // The order was not sent with a dead session: it waits for the shopper to confirm it anew.
    expect(left.map((task) => [task.task_id, task.transmited, task.awaits_confirmation])).toEqual([['order-1', false, true]]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a guest task (no token) is sent as it is: a 401 is its answer', async () => {
    const { queue, fetch, settled } = setup({ token: null, withUserToken: refreshLock([null]).withUserToken });
    fetch.mockImplementation(async () => answer({ code: 401, result: 'Unauthorized' }));
    await queue.enqueue(request());
    await queue.process();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(settled).toEqual([expect.objectContaining({ code: 401, result: 'Unauthorized', transmitted: true })]);
  });
});

describe('offline orders wait for their confirmation (spec §4 "Connectivity")', () => {
  test('stored but not sent; confirmed, sent once; confirming again does nothing', async () => {
    const { queue, fetch, settled } = setup({ locks: fakeLocks() });
    await queue.enqueue(request({ task_id: 'order-1', url: '/api/order?token={{token}}', awaits_confirmation: true, is_result_cacheable: true }));
    await queue.enqueue(request({ task_id: 'me' }));
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/me?token=tok']);
    expect((await queue.awaitingConfirmation()).map((task) => task.task_id)).toEqual(['order-1']);

    expect(await queue.confirmAwaiting()).toBe(1);
    await queue.process();
    expect(await queue.confirmAwaiting()).toBe(0);
    await queue.process();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/me?token=tok', '/api/order?token=tok']);
    expect(settled.map((s) => s.task_id)).toEqual(['me', 'order-1']);
    // Kept with its result (cacheable) for the thank-you page to read.
    expect(await queue.find('order-1')).toEqual(expect.objectContaining({ transmited: true, code: 200 }));
  });
});
