import type { SyncTask } from '@kaloryfer/domain';

/**
 * Where queued tasks live. The page uses IndexedDB (idb-task-store.ts): tasks outlive the page
 * and every tab of the shop sees the same queue. Tests, and a browser without IndexedDB, use the
 * memory store below.
 */
export interface TaskStore {
  /** Adds or replaces the task with this task_id. */
  put(task: SyncTask): Promise<void>;
  remove(taskId: string): Promise<void>;
  /** Every stored task, oldest created first (ties by task_id, as an IndexedDB index orders them). */
  list(): Promise<SyncTask[]>;
}

const byCreated = (a: SyncTask, b: SyncTask) => a.created_at - b.created_at || (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0);

/** Tasks for this page only. Copies go in and out, as with IndexedDB, so nobody edits a stored task in place. */
export function memoryTaskStore(): TaskStore {
  const tasks = new Map<string, SyncTask>();
  return {
    put: async (task) => {
      tasks.set(task.task_id, { ...task });
    },
    remove: async (taskId) => {
      tasks.delete(taskId);
    },
    list: async () => [...tasks.values()].sort(byCreated).map((task) => ({ ...task })),
  };
}
