import type { NotificationInput, SyncTaskSettled } from '@kaloryfer/contracts';
import {
  afterTransmission,
  confirmTask,
  createSyncTask,
  fillPlaceholders,
  isAwaitingConfirmation,
  isExecutable,
  jsonString,
  keptResultsToPrune,
  QUEUE_ATTEMPTS,
  readTaskResponse,
  REFRESH_REFUSED,
  shouldNotifyError,
  taskErrorText,
  type PlaceholderValues,
  type SyncTask,
  type SyncTaskRequest,
  type TaskAnswer,
  type TaskRejection,
} from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import type { TaskStore } from './task-store';

/** The Web Lock every tab of the shop takes to send the shared queue: one tab at a time. */
export const QUEUE_LOCK = 'kaloryfer-sync-queue';

/** The part of `navigator.locks` the queue uses (a test passes its own). */
export interface QueueLocks {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** The part of a fetch Response the queue reads. */
export interface TaskResponse {
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface SyncQueueOptions {
  store: TaskStore;
  fetch: (url: string, init: { method: string; headers?: Record<string, string>; body?: string }) => Promise<TaskResponse>;
  isOnline: () => boolean;
  /** Read when each task is sent, so a token or cart id that arrived meanwhile is used. */
  placeholders: () => PlaceholderValues;
  onSettled: (settled: SyncTaskSettled) => void;
  notify: (notification: NotificationInput) => void;
  /** `navigator.locks`; null where the browser has none (then only this tab's guard applies). */
  locks: QueueLocks | null;
  /**
   * Spec §4 "Token handling" for a task that carries `{{token}}`: the page's one refresh lock
   * (`withUserToken` from @kaloryfer/ui). It waits while a refresh runs, answers a 401 (thrown by
   * the queue as `ApiFailure(401)`) with one refresh and a retry, and rejects with
   * `ApiFailure(401, REFRESH_REFUSED)` when the refresh is refused. Default: the token as it is.
   */
  withUserToken?: <T>(call: (token: string | null) => Promise<T>) => Promise<T>;
  now?: () => number;
}

const TOKEN_PLACEHOLDER = '{{token}}';
const carriesToken = (task: SyncTask) => task.url.includes(TOKEN_PLACEHOLDER) || (task.payload.body ?? '').includes(TOKEN_PLACEHOLDER);
/** An order placed offline (its caller marks it so): never dropped with the other tasks after a refused refresh. */
export const isOfflineOrder = (task: SyncTask): boolean => typeof task.meta?.offlineOrder === 'string';

class NoAnswer extends Error {}

/**
 * Spec §4 "Network task" as a runner: tasks are stored first, then sent one at a time, oldest
 * first, when a sync is asked for and the app is online; an answer settles the task (removed, or
 * kept when its result is cacheable). A task is never sent twice: one pass at a time in this tab,
 * and across tabs the pass runs under the Web Lock.
 */
export class SyncQueue {
  private running: Promise<void> | null = null;
  private requested = false;
  private lastCreated = 0;
  private readonly now: () => number;

  constructor(private readonly options: SyncQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Stores the task (created, not transmitted) and asks for a sync. Resolves once it is stored. */
  async enqueue(request: SyncTaskRequest): Promise<SyncTask> {
    // created_at orders the queue: two tasks queued in the same millisecond keep their order.
    const createdAt = Math.max(this.now(), this.lastCreated + 1);
    this.lastCreated = createdAt;
    const task = createSyncTask(request, createdAt);
    await this.options.store.put(task);
    void this.process();
    return task;
  }

  /** Offline orders nobody has confirmed yet (spec §4 "Connectivity"), oldest first. */
  async awaitingConfirmation(): Promise<SyncTask[]> {
    return (await this.options.store.list()).filter(isAwaitingConfirmation);
  }

  /**
   * Confirms every offline order still waiting, then sends the queue. Under the queue's lock, and
   * re-read there: a tab never writes back a task another tab has just sent. Returns how many.
   */
  async confirmAwaiting(): Promise<number> {
    let confirmed = 0;
    const confirm = async () => {
      for (const task of await this.awaitingConfirmation()) {
        await this.options.store.put(confirmTask(task, this.now()));
        confirmed += 1;
      }
    };
    try {
      if (this.options.locks) await this.options.locks.request(QUEUE_LOCK, {}, confirm);
      else await confirm();
    } catch (error) {
      console.error('[sync-queue] offline orders could not be confirmed', error);
    }
    if (confirmed > 0) void this.process();
    return confirmed;
  }

  /** The stored task with this id, if any (pending, or kept with its result). */
  async find(taskId: string): Promise<SyncTask | null> {
    return (await this.options.store.list()).find((task) => task.task_id === taskId) ?? null;
  }

  /**
   * The sync event: sends what is pending. A call while a pass runs does not start a second one;
   * it asks for one more pass after it (a task queued meanwhile is seen; one just sent is gone or
   * transmitted, so it is not sent again). Never rejects.
   */
  process(): Promise<void> {
    this.requested = true;
    this.running ??= this.run();
    return this.running;
  }

  private async run(): Promise<void> {
    // Yield first: `running` is assigned before the loop can end and clear it (process() above).
    await null;
    try {
      while (this.requested) {
        this.requested = false;
        if (!this.options.isOnline()) break;
        try {
          await this.underLock(() => this.pass());
        } catch (error) {
          console.error('[sync-queue] the queue could not be read or written', error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async underLock(pass: () => Promise<void>): Promise<void> {
    const { locks } = this.options;
    if (!locks) {
      await pass();
      return;
    }
    const ran = await locks.request(QUEUE_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return false; // another tab is sending the queue: it is not sent from here at the same time
      await pass();
      return true;
    });
    // Once that tab is done, look once more: a task stored here just after its last look would
    // otherwise wait for the next sync event.
    if (!ran) await locks.request(QUEUE_LOCK, {}, pass);
  }

  /** One pass: each pending task at most QUEUE_ATTEMPTS times (spec §9); a failure waits for the next sync. */
  private async pass(): Promise<void> {
    await this.pruneKept();
    const attempts = new Map<string, number>();
    for (;;) {
      if (!this.options.isOnline()) return;
      const values = this.options.placeholders();
      // Read afresh each time: another tab, or this page, may have added or sent tasks meanwhile.
      const next = (await this.options.store.list()).find(
        (task) => !task.transmited && (attempts.get(task.task_id) ?? 0) < QUEUE_ATTEMPTS && isExecutable(task, values),
      );
      if (!next) return;
      attempts.set(next.task_id, (attempts.get(next.task_id) ?? 0) + 1);
      await this.send(next, values);
    }
  }

  /** Old and surplus kept results go (keptResultsToPrune: 30 days, the 20 newest). */
  async pruneKept(): Promise<number> {
    const drop = keptResultsToPrune(await this.options.store.list(), this.now());
    for (const taskId of drop) await this.options.store.remove(taskId);
    return drop.length;
  }

  private async send(task: SyncTask, values: PlaceholderValues): Promise<void> {
    const exchange = async (token: string | null): Promise<TaskAnswer | TaskRejection> => {
      const filled = { ...values, token };
      const { method, headers, body } = task.payload;
      let contentType: string | null;
      let text: string;
      try {
        const response = await this.options.fetch(fillPlaceholders(task.url, filled), {
          method,
          ...(headers ? { headers } : {}),
          ...(body !== undefined ? { body: fillPlaceholders(body, filled, jsonString) } : {}),
        });
        contentType = response.headers.get('content-type');
        text = await response.text();
      } catch (error) {
        throw new NoAnswer(String(error));
      }
      const answer = readTaskResponse(contentType, text);
      // A refused token: the refresh lock's business (spec §4), not yet the task's answer.
      if (answer.ok && answer.code === 401 && token) throw new ApiFailure(401, taskErrorText(answer.result));
      return answer;
    };
    let answer: TaskAnswer | TaskRejection;
    try {
      answer = carriesToken(task) && this.options.withUserToken ? await this.options.withUserToken(exchange) : await exchange(values.token);
    } catch (error) {
      if (error instanceof NoAnswer) {
        // No answer (offline, connection dropped): not transmitted, tried again at the next sync.
        console.warn(`[sync-queue] task ${task.task_id} not sent`, error.message);
        return;
      }
      if (!(error instanceof ApiFailure && error.status === 401)) throw error;
      if (error.message === REFRESH_REFUSED && isOfflineOrder(task)) {
        // The shopper was signed out: the order waits for them (signed in again) to confirm it anew.
        await this.options.store.put({ ...task, awaits_confirmation: true, updated_at: this.now() });
        return;
      }
      // Still refused after the refresh (the attempts ran out), or the refresh itself refused:
      // the task settles with 401; a refused refresh clears what else waits (spec §4).
      answer = { ok: true, code: 401, result: error.message || REFRESH_REFUSED, meta: null };
      if (error.message === REFRESH_REFUSED) await this.dropUntransmitted(task.task_id);
    }
    if (!answer.ok) {
      // Spec §8: the task is rejected; like VSF it stays untransmitted for the next sync.
      console.error(`[sync-queue] ${answer.error}`, task.task_id);
      this.options.onSettled({
        task_id: task.task_id,
        callback_event: task.callback_event,
        code: null,
        resultCode: null,
        result: null,
        meta: task.meta,
        transmitted: false,
        error: answer.error,
      });
      return;
    }
    const settled = afterTransmission(task, answer, this.now());
    if (settled.keep) await this.options.store.put(settled.task);
    else await this.options.store.remove(task.task_id);
    if (shouldNotifyError(task, answer)) this.options.notify({ type: 'error', message: taskErrorText(answer.result), action1: { label: 'OK' } });
    const { task_id, callback_event, code, resultCode, result, meta } = settled.task;
    this.options.onSettled({ task_id, callback_event, code, resultCode, result, meta, transmitted: true });
  }

  /**
   * Spec §4: a refused refresh "clears untransmitted tasks" — the session they were queued for is
   * over. Offline orders stay: an order is never lost, and the shopper confirms it again.
   */
  private async dropUntransmitted(except: string): Promise<void> {
    for (const task of await this.options.store.list()) {
      if (!task.transmited && task.task_id !== except && !isOfflineOrder(task)) await this.options.store.remove(task.task_id);
    }
  }
}
