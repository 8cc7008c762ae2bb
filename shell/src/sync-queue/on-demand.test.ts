import { syncTaskLookupRequested, syncTaskRequested, type SyncTaskRequested } from '@kaloryfer/contracts';
import { startSyncQueueOnDemand } from './on-demand';

const task = (task_id: string): SyncTaskRequested => ({ task_id, url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: '{}' } });
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A queue that records what it was started with and then hears on the bus itself, as the real one. */
function fakeQueue() {
  const started: { pending: string[]; lookups: string[] }[] = [];
  const heard: string[] = [];
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const offs: (() => void)[] = [];
  const load = jest.fn(async () => {
    await loaded;
    return {
      startSyncQueue: ({ pending, lookups }: { pending: SyncTaskRequested[]; lookups: string[] }) => {
        started.push({ pending: pending.map((request) => request.task_id), lookups });
        offs.push(syncTaskRequested.on((request) => heard.push(request.task_id)));
      },
    };
  });
  return { started, heard, load, release, stop: () => offs.forEach((off) => off()) };
}

test("a browser that never stored a task and a page that asks for none: the queue's code is never loaded", async () => {
  const queue = fakeQueue();
  startSyncQueueOnDemand({ load: queue.load, hasStoredTasks: async () => false });
  queue.release();
  await flush();
  expect(queue.load).not.toHaveBeenCalled();
});

test('tasks stored before (an offline order waiting): the queue loads at once', async () => {
  const queue = fakeQueue();
  startSyncQueueOnDemand({ load: queue.load, hasStoredTasks: async () => true });
  queue.release();
  await flush();
  expect(queue.started).toEqual([{ pending: [], lookups: [] }]);
  queue.stop();
});

test('the first request loads it; what was asked meanwhile is handed over in order, nothing lost or heard twice', async () => {
  const queue = fakeQueue();
  startSyncQueueOnDemand({ load: queue.load, hasStoredTasks: async () => false });
  syncTaskRequested.emit(task('a'));
  syncTaskLookupRequested.emit({ task_id: 'order-1' });
  syncTaskRequested.emit(task('b'));
  await flush();
  expect(queue.load).toHaveBeenCalledTimes(1);
  queue.release();
  await flush();
  syncTaskRequested.emit(task('c'));
  expect(queue.started).toEqual([{ pending: ['a', 'b'], lookups: ['order-1'] }]);
  expect(queue.heard).toEqual(['c']);
  queue.stop();
});
