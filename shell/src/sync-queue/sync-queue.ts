import type { NotificationInput, SyncTaskSettled } from '@kaloryfer/contracts';
import {
  afterTransmission, createSyncTask, fillPlaceholders, isExecutable, jsonString, QUEUE_ATTEMPTS, readTaskResponse,
  shouldNotifyError, taskErrorText, type PlaceholderValues, type SyncTask, type SyncTaskRequest,
} from '@kaloryfer/domain';
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
  now?: () => number;
}

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
    const attempts = new Map<string, number>();
    for (;;) {
      if (!this.options.isOnline()) return;
      const values = this.options.placeholders();
      // Read afresh each time: another tab, or this page, may have added or sent tasks meanwhile.
      const next = (await this.options.store.list()).find((task) => !task.transmited
        && (attempts.get(task.task_id) ?? 0) < QUEUE_ATTEMPTS
        && isExecutable(task, values));
      if (!next) return;
      attempts.set(next.task_id, (attempts.get(next.task_id) ?? 0) + 1);
      await this.send(next, values);
    }
  }

  private async send(task: SyncTask, values: PlaceholderValues): Promise<void> {
    const { method, headers, body } = task.payload;
    let contentType: string | null;
    let text: string;
    try {
      const response = await this.options.fetch(fillPlaceholders(task.url, values), {
        method,
        ...(headers ? { headers } : {}),
        ...(body !== undefined ? { body: fillPlaceholders(body, values, jsonString) } : {}),
      });
      contentType = response.headers.get('content-type');
      text = await response.text();
    } catch (error) {
      // No answer (offline, connection dropped): not transmitted, tried again at the next sync.
      console.warn(`[sync-queue] task ${task.task_id} not sent`, error);
      return;
    }
    const answer = readTaskResponse(contentType, text);
    if (!answer.ok) {
      // Spec §8: the task is rejected; like VSF it stays untransmitted for the next sync.
      console.error(`[sync-queue] ${answer.error}`, task.task_id);
      this.options.onSettled({
        task_id: task.task_id, callback_event: task.callback_event, code: null, resultCode: null, result: null, meta: task.meta, transmitted: false, error: answer.error,
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
}
