import { syncTaskLookupRequested, syncTaskRequested, type SyncTaskRequested } from '@kaloryfer/contracts';
import { SYNC_DATABASE } from './sync-database';

type StartSyncQueue = (options: { pending: SyncTaskRequested[]; lookups: string[] }) => unknown;

export interface OnDemandOptions {
  load?: () => Promise<{ startSyncQueue: StartSyncQueue }>;
  /** Whether this browser has ever stored a task (the queue's database exists). */
  hasStoredTasks?: () => Promise<boolean>;
}

/**
 * Whether the queue's database exists (it says tasks may wait in it), by `indexedDB.databases()`
 * where the browser has it; where it does not, assume there may be tasks.
 */
async function queueDatabaseExists(): Promise<boolean> {
  const databases = (globalThis.indexedDB as IDBFactory | undefined)?.databases;
  if (typeof databases !== 'function') return true;
  try {
    return (await databases.call(globalThis.indexedDB)).some((database) => database.name === SYNC_DATABASE);
  } catch {
    return true;
  }
}

/**
 * The sync queue's code (and IndexedDB's wrapper) is loaded only when there is work for it: a
 * remote asks for a task or a lookup, or this browser has stored tasks before (an order placed
 * offline, a profile save waiting). Most visits need neither, so most phones never download it.
 * Until it is loaded, the requests are kept here in order and handed to the queue when it
 * starts — in the same task as its own listening begins, so none is lost or heard twice.
 */
export function startSyncQueueOnDemand({ load = () => import('./index'), hasStoredTasks = queueDatabaseExists }: OnDemandOptions = {}): void {
  const pending: SyncTaskRequested[] = [];
  const lookups: string[] = [];
  let loading = false;
  const offs = [
    syncTaskRequested.on((request) => {
      pending.push(request);
      start();
    }),
    syncTaskLookupRequested.on(({ task_id }) => {
      lookups.push(task_id);
      start();
    }),
  ];
  function start() {
    if (loading) return;
    loading = true;
    load()
      .then(({ startSyncQueue }) => {
        offs.forEach((off) => off());
        startSyncQueue({ pending: pending.splice(0), lookups: lookups.splice(0) });
      })
      .catch((error: unknown) => {
        loading = false;
        console.error('[shell] the sync queue did not start', error);
      });
  }
  void hasStoredTasks().then((stored) => {
    if (stored) start();
  });
}
