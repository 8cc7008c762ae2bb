import {
  $cart, $connectivity, $session, connectivityChanged, notificationRequested, syncTaskRequested, syncTaskSettled, type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { indexedDbTaskStore } from './idb-task-store';
import { QUEUE_LOCK, SyncQueue, type QueueLocks, type SyncQueueOptions } from './sync-queue';
import type { TaskStore } from './task-store';

/** The part of a BroadcastChannel the queue uses: settled tasks reach the other tabs. */
type Relay = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'>;

export interface StartSyncQueueOptions {
  store?: TaskStore;
  fetch?: SyncQueueOptions['fetch'];
  /** Default `navigator.locks` (null when the browser has none). */
  locks?: QueueLocks | null;
  /** Default a BroadcastChannel named like the lock (null when the browser has none). */
  relay?: Relay | null;
}

/**
 * The shell owns the sync queue (spec §4), as it owns $connectivity. Started once per page, after
 * the page is interactive: it takes `sync:task-requested`, sends the queue at start when online,
 * on `connectivity:changed` online (spec §4 "Connectivity") and when the cart gets its id (tasks
 * naming `{{cartId}}` were waiting for it), and announces `sync:task-settled` in every tab.
 * Returns a stop function (tests; the page never stops it).
 */
export function startSyncQueue(options: StartSyncQueueOptions = {}): () => void {
  const relay = options.relay !== undefined ? options.relay
    : typeof BroadcastChannel === 'function' ? new BroadcastChannel(QUEUE_LOCK) : null;
  const queue = new SyncQueue({
    store: options.store ?? indexedDbTaskStore(),
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    isOnline: () => $connectivity.get().online,
    placeholders: () => ({ token: $session.get().token, cartId: $cart.get().cartId }),
    onSettled: (settled) => {
      syncTaskSettled.emit(settled);
      // The queue is shared: the tab that sent a task may not be the one whose caller waits for it.
      relay?.postMessage(settled);
    },
    notify: (notification) => notificationRequested.emit(notification),
    locks: options.locks !== undefined ? options.locks
      : ((globalThis.navigator as Navigator | undefined)?.locks as QueueLocks | undefined) ?? null,
  });

  const fromOtherTab = (event: MessageEvent<SyncTaskSettled>) => syncTaskSettled.emit(event.data);
  relay?.addEventListener('message', fromOtherTab as EventListener);
  let cartId = $cart.get().cartId;
  const stops = [
    syncTaskRequested.on((request) => {
      queue.enqueue(request).catch((error: unknown) => console.error('[sync-queue] task not stored', request.task_id, error));
    }),
    connectivityChanged.on(({ online }) => { if (online) void queue.process(); }),
    $cart.listen((cart) => {
      const appeared = !cartId && Boolean(cart.cartId);
      cartId = cart.cartId;
      if (appeared) void queue.process();
    }),
  ];
  if ($connectivity.get().online) void queue.process();
  return () => {
    stops.forEach((stop) => stop());
    relay?.removeEventListener('message', fromOtherTab as EventListener);
    relay?.close();
  };
}
