import type { SyncTask } from '@kaloryfer/domain';
import { openDB, type DBSchema } from 'idb';
import { SYNC_DATABASE } from './sync-database';
import { memoryTaskStore, type TaskStore } from './task-store';

const TASKS = 'syncTasks';

interface QueueSchema extends DBSchema {
  syncTasks: { key: string; value: SyncTask; indexes: { created_at: number } };
}

/**
 * The queue in IndexedDB (spec §4: tasks survive going offline and closing the page), shared by
 * every tab of the shop. Where IndexedDB cannot be opened (no support, a private window that
 * refuses it) the queue still works for this page, in memory, rather than losing the calls.
 */
export function indexedDbTaskStore(name = SYNC_DATABASE): TaskStore {
  const ready: Promise<TaskStore> = (async () => {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
    const db = await openDB<QueueSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore(TASKS, { keyPath: 'task_id' }).createIndex('created_at', 'created_at');
      },
    });
    const store: TaskStore = {
      put: async (task) => {
        await db.put(TASKS, task);
      },
      remove: (taskId) => db.delete(TASKS, taskId),
      list: () => db.getAllFromIndex(TASKS, 'created_at'),
    };
    return store;
  })().catch((error: unknown) => {
    console.warn('[sync-queue] IndexedDB could not be opened: tasks are kept for this page only', error);
    return memoryTaskStore();
  });
  return {
    put: async (task) => (await ready).put(task),
    remove: async (taskId) => (await ready).remove(taskId),
    list: async () => (await ready).list(),
  };
}
