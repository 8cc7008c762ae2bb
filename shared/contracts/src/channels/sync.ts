import { defineChannel, defineCommand } from '../bus';

/** What `fetch` is given: the caller's method and headers, and the body already serialised (JSON text). */
export interface SyncTaskFetchInit {
  readonly method: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * A network call to send now or, offline, when the connection returns (spec §4 "Network task",
 * §7 "Generic sync task"). `{{token}}` and `{{cartId}}` in the URL or body are filled by the queue
 * when it sends the task, from `$session` and `$cart`; a task naming `{{cartId}}` waits for a cart.
 */
export interface SyncTaskRequested {
  /** Chosen by the caller (e.g. crypto.randomUUID()) so it can pick its answer from `sync:task-settled`. */
  readonly task_id: string;
  /** URL template, e.g. `/api/user/me?token={{token}}`. */
  readonly url: string;
  readonly payload: SyncTaskFetchInit;
  /** Names the settled task for its listeners (VSF's callback event). */
  readonly callback_event?: string;
  /** Keep the task and its result in the queue after it is sent (spec §4); otherwise it is removed. */
  readonly is_result_cacheable?: boolean;
  /** No error notification for a non-200 answer (spec §8). */
  readonly silent?: boolean;
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * An order placed offline (spec §4 "Connectivity"): stored, but sent only once it is confirmed —
   * automatic transmission is on, the shopper is on the thank-you page, or they answered the
   * 'Order waiting!' prompt. The shell's queue decides; the caller only marks the task.
   */
  readonly awaits_confirmation?: boolean;
}

/** A task the queue sent (`transmitted: true`) or whose answer it refused (`transmitted: false`, `error`). */
export interface SyncTaskSettled {
  readonly task_id: string;
  readonly callback_event: string | null;
  /** The answer envelope's code; null when the answer was refused. */
  readonly code: number | null;
  readonly resultCode: number | null;
  readonly result: unknown;
  readonly meta: Readonly<Record<string, unknown>> | null;
  readonly transmitted: boolean;
  /**
   * Why the answer was refused (spec §8, exactly): 'Error with response - bad content-type!' or
   * 'Unhandled error, wrong response format!'. The task stays queued for the next sync.
   */
  readonly error?: string;
}

/**
 * Command: queue a network task (any remote → the shell, owner of the sync queue). It waits for
 * the queue to load (the queue's code loads after the page). A network failure is not an answer:
 * the task stays queued and nothing is settled until a later sync reaches the server.
 */
export const syncTaskRequested = defineCommand<SyncTaskRequested>('sync:task-requested');

/**
 * Fact: the shell's queue settled a task. Every open tab hears it, whichever tab sent the task
 * (the queue is shared through IndexedDB and one tab at a time sends it).
 */
export const syncTaskSettled = defineChannel<SyncTaskSettled>('sync:task-settled');

export type SyncTaskLookup = Readonly<{ task_id: string }>;

/** Command: what became of a queued task (a page opened later asks about the order it queued). */
export const syncTaskLookupRequested = defineCommand<SyncTaskLookup>('sync:task-lookup-requested');

/**
 * The queue's answer to a lookup: `pending` (stored, not sent yet), `settled` with what the
 * server said (a task kept because its result is cacheable), or `unknown` (not in this browser's
 * queue: sent and removed, or never queued here).
 */
export interface SyncTaskLookedUp {
  readonly task_id: string;
  readonly state: 'pending' | 'settled' | 'unknown';
  readonly settled?: SyncTaskSettled;
}

/** Fact: the answer to `sync:task-lookup-requested`. */
export const syncTaskLookedUp = defineChannel<SyncTaskLookedUp>('sync:task-looked-up');
