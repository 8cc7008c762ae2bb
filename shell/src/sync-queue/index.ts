import {
  $cart,
  $connectivity,
  $route,
  $session,
  connectivityChanged,
  notificationRequested,
  syncTaskLookedUp,
  syncTaskLookupRequested,
  syncTaskRequested,
  syncTaskSettled,
  type SyncTaskRequested,
  type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION } from '@kaloryfer/domain';
import { withUserToken } from '@kaloryfer/ui';
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
  /** Spec §4: send offline orders without asking (default OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION, off). */
  automaticTransmission?: boolean;
  /** Default `withUserToken` (@kaloryfer/ui): the page's one token-refresh lock. */
  withUserToken?: SyncQueueOptions['withUserToken'];
  /** Requests made before the queue's code had loaded (on-demand.ts), in order. */
  pending?: readonly SyncTaskRequested[];
  /** Lookups asked for before it had loaded. */
  lookups?: readonly string[];
}

/** The 'Order waiting!' prompt's action: the thank-you page of the order, where it is sent (spec §4, §8). */
const CONFIRM_LABEL = 'Click here to confirm the order that you made offline.';

/**
 * The shell owns the sync queue (spec §4), as it owns $connectivity. Started once per page, after
 * the page is interactive: it takes `sync:task-requested`, sends the queue at start when online,
 * on `connectivity:changed` online (spec §4 "Connectivity") and when the cart gets its id (tasks
 * naming `{{cartId}}` were waiting for it), and announces `sync:task-settled` in every tab.
 * Returns a stop function (tests; the page never stops it).
 */
export function startSyncQueue(options: StartSyncQueueOptions = {}): () => void {
  const relay = options.relay !== undefined ? options.relay : typeof BroadcastChannel === 'function' ? new BroadcastChannel(QUEUE_LOCK) : null;
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
    locks: options.locks !== undefined ? options.locks : (((globalThis.navigator as Navigator | undefined)?.locks as QueueLocks | undefined) ?? null),
    withUserToken: options.withUserToken ?? withUserToken,
  });
  const automatic = options.automaticTransmission ?? OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION;

  /**
   * Spec §4 "Connectivity": online, offline orders go by themselves when automatic transmission is
   * on or the shopper is on the thank-you page; otherwise one 'Order waiting!' prompt, whose action
   * opens the order's thank-you page (and being there sends it).
   */
  let prompted = false;
  const offlineOrders = async () => {
    if (!$connectivity.get().online) return;
    if (automatic || $route.get().name === 'thank-you-page') {
      await queue.confirmAwaiting();
      return;
    }
    const waiting = await queue.awaitingConfirmation();
    const first = waiting.find((task) => typeof task.meta?.offlineOrder === 'string');
    if (!first || prompted) return;
    prompted = true;
    notificationRequested.emit({
      type: 'warning',
      message: 'Order waiting!',
      hasNoTimeout: true,
      action2: { label: CONFIRM_LABEL, intent: { name: 'thank-you-page', offlineOrder: first.meta?.offlineOrder as string } },
    });
  };
  const sync = () => {
    void queue.process();
    offlineOrders().catch((error: unknown) => console.error('[sync-queue] offline orders', error));
  };

  const fromOtherTab = (event: MessageEvent<SyncTaskSettled>) => syncTaskSettled.emit(event.data);
  relay?.addEventListener('message', fromOtherTab as EventListener);
  let cartId = $cart.get().cartId;
  const take = (request: SyncTaskRequested) => {
    queue
      .enqueue(request)
      .then(() => {
        if (request.awaits_confirmation) return offlineOrders();
      })
      .catch((error: unknown) => console.error('[sync-queue] task not stored', request.task_id, error));
  };
  const lookUp = (task_id: string) => {
    void queue.find(task_id).then(
      (task) => {
        if (!task) syncTaskLookedUp.emit({ task_id, state: 'unknown' });
        else if (!task.transmited) syncTaskLookedUp.emit({ task_id, state: 'pending' });
        else {
          const { callback_event, code, resultCode, result, meta } = task;
          syncTaskLookedUp.emit({ task_id, state: 'settled', settled: { task_id, callback_event, code, resultCode, result, meta, transmitted: true } });
        }
      },
      (error: unknown) => {
        console.error('[sync-queue] lookup failed', task_id, error);
        syncTaskLookedUp.emit({ task_id, state: 'unknown' });
      },
    );
  };
  options.pending?.forEach(take);
  options.lookups?.forEach(lookUp);
  const stops = [
    syncTaskRequested.on(take),
    syncTaskLookupRequested.on(({ task_id }) => lookUp(task_id)),
    connectivityChanged.on(({ online }) => {
      prompted = online ? prompted : false; // each return of the connection may prompt once
      if (online) sync();
    }),
    $route.listen((route) => {
      if (route.name === 'thank-you-page') sync();
    }),
    $cart.listen((cart) => {
      const appeared = !cartId && Boolean(cart.cartId);
      cartId = cart.cartId;
      if (appeared) void queue.process();
    }),
  ];
  if ($connectivity.get().online) sync();
  return () => {
    stops.forEach((stop) => stop());
    relay?.removeEventListener('message', fromOtherTab as EventListener);
    relay?.close();
  };
}
