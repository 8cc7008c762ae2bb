/**
 * Spec §3 "Sync task", §4 "Network task" and §7 "Generic sync task", as rules without effects.
 * The shell's queue (shell/src/sync-queue/) stores, sends and settles tasks with them; these
 * functions only say what a task, an answer or a result means. Field names are the spec's own
 * (VSF's, `transmited` misspelt as there), so a stored task reads like the spec.
 */

/** What `fetch` is given for the task: the caller's method, headers and (already serialised) body. */
export interface SyncTaskPayload {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Spec §3, field for field. Times are epoch milliseconds: IndexedDB orders them, JSON keeps them. */
export interface SyncTask {
  task_id: string;
  /** The URL template: `{{token}}` and `{{cartId}}` are filled when the task is sent, not when queued. */
  url: string;
  payload: SyncTaskPayload;
  transmited: boolean;
  transmited_at: number | null;
  created_at: number;
  updated_at: number;
  /** The answer's `result` once transmitted. */
  result: unknown;
  resultCode: number | null;
  /** The same code again: VSF keeps both names (backward compatibility with fetch callers). */
  code: number | null;
  /** The caller's meta until the answer brings its own. */
  meta: Record<string, unknown> | null;
  /** Whom the settled task is for: listeners of `sync:task-settled` pick theirs by it. */
  callback_event: string | null;
  /** §4: a cacheable result stays in the queue after transmission; any other task is removed. */
  is_result_cacheable: boolean;
  /** In §3's list; nothing acknowledges a task yet, so it stays false (as VSF sets it on transmission). */
  acknowledged: boolean;
  /** Not in §3's list but in §8's rule: a silent task raises no error notification. */
  silent?: boolean;
  /**
   * Not in §3's list but in §4's "Connectivity": an order placed offline is sent only once
   * confirmed (automatic transmission, the thank-you page, or the 'Order waiting!' prompt).
   * True until then; `confirmTask` clears it.
   */
  awaits_confirmation?: boolean;
}

/** What a caller decides; the queue adds the rest. */
export interface SyncTaskRequest {
  task_id: string;
  url: string;
  payload: SyncTaskPayload;
  callback_event?: string;
  is_result_cacheable?: boolean;
  silent?: boolean;
  meta?: Record<string, unknown>;
  awaits_confirmation?: boolean;
}

/**
 * §4 "offline orders are sent automatically if automatic transmission is enabled": off, as in
 * VSF's default configuration (orders.offline_orders.automatic_transmission_enabled), so the
 * shopper confirms an order made offline unless they are on the thank-you page.
 */
export const OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION = false;

/** §9 "queue attempts 1": each sync event tries a pending task once; a failure waits for the next one. */
export const QUEUE_ATTEMPTS = 1;

/** §8, quoted exactly (they are also i18n keys). */
export const BAD_CONTENT_TYPE = 'Error with response - bad content-type!';
export const WRONG_RESPONSE_FORMAT = 'Unhandled error, wrong response format!';

const TOKEN = '{{token}}';
const CART_ID = '{{cartId}}';

/** §4 "created, not transmitted": a new task as it is first stored. */
export function createSyncTask(request: SyncTaskRequest, now: number): SyncTask {
  return {
    task_id: request.task_id,
    url: request.url,
    payload: request.payload,
    transmited: false,
    transmited_at: null,
    created_at: now,
    updated_at: now,
    result: null,
    resultCode: null,
    code: null,
    meta: request.meta ?? null,
    callback_event: request.callback_event ?? null,
    is_result_cacheable: request.is_result_cacheable ?? false,
    acknowledged: false,
    ...(request.silent ? { silent: true } : {}),
    ...(request.awaits_confirmation ? { awaits_confirmation: true } : {}),
  };
}

/** §4 "Connectivity": the shopper (or automatic transmission) confirmed an offline order: it may go. */
export function confirmTask(task: SyncTask, now: number): SyncTask {
  const { awaits_confirmation: _confirmed, ...rest } = task;
  return { ...rest, updated_at: now };
}

/** An offline order nobody has confirmed yet (§4): stored, not to be sent. */
export const isAwaitingConfirmation = (task: Pick<SyncTask, 'transmited' | 'awaits_confirmation'>): boolean =>
  !task.transmited && task.awaits_confirmation === true;

export interface PlaceholderValues {
  token: string | null;
  cartId: string | null;
}

/**
 * §7: `{{token}}` and `{{cartId}}` replaced (every occurrence). A missing value becomes the empty
 * string, as VSF sends a guest's call with `token=`. Values are URL-encoded by default; a JSON
 * body passes `jsonString` so a value lands safely inside a JSON string.
 */
export function fillPlaceholders(template: string, values: PlaceholderValues, encode: (value: string) => string = encodeURIComponent): string {
  return template.replaceAll(TOKEN, encode(values.token ?? '')).replaceAll(CART_ID, encode(values.cartId ?? ''));
}

/** Escapes a value for the inside of a JSON string literal. */
export const jsonString = (value: string): string => JSON.stringify(value).slice(1, -1);

/**
 * §4: a task that names the cart (`{{cartId}}` in its URL or body) is not executed until there is
 * a cart id; an offline order is not executed until it is confirmed.
 */
export function isExecutable(task: Pick<SyncTask, 'url' | 'payload' | 'awaits_confirmation'>, { cartId }: { cartId: string | null }): boolean {
  if (task.awaits_confirmation) return false;
  if (cartId) return true;
  return !task.url.includes(CART_ID) && !(task.payload.body ?? '').includes(CART_ID);
}

export interface TaskAnswer {
  ok: true;
  code: number;
  result: unknown;
  meta: Record<string, unknown> | null;
}
export interface TaskRejection {
  ok: false;
  error: typeof BAD_CONTENT_TYPE | typeof WRONG_RESPONSE_FORMAT;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * §7 "the response must be JSON with code and result". The envelope's code decides, not the HTTP
 * status (the API makes them equal; VSF reads the code). Not JSON → BAD_CONTENT_TYPE; no body, a
 * body that does not parse, or JSON without a numeric code → WRONG_RESPONSE_FORMAT.
 */
export function readTaskResponse(contentType: string | null, bodyText: string): TaskAnswer | TaskRejection {
  if (!contentType?.toLowerCase().includes('application/json')) return { ok: false, error: BAD_CONTENT_TYPE };
  let body: unknown;
  try {
    body = bodyText.trim() === '' ? null : JSON.parse(bodyText);
  } catch {
    body = null;
  }
  const code = isObject(body) ? Number.parseInt(String(body.code), 10) : Number.NaN;
  if (!isObject(body) || Number.isNaN(code)) return { ok: false, error: WRONG_RESPONSE_FORMAT };
  return { ok: true, code, result: body.result ?? null, meta: isObject(body.meta) ? body.meta : null };
}

/** §7: an error's words: the result itself when a string, else its `result` or `message`; '' when none. */
export function taskErrorText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (!isObject(result)) return '';
  if (typeof result.result === 'string') return result.result;
  return typeof result.message === 'string' ? result.message : '';
}

/**
 * §8: a non-200 code shows an error notification unless the task is silent, the error text is
 * empty, or the code is ENOTFOUND (the answer's `result.code`: the API could not reach a host).
 */
export function shouldNotifyError(task: Pick<SyncTask, 'silent'>, answer: Pick<TaskAnswer, 'code' | 'result'>): boolean {
  if (answer.code === 200 || task.silent) return false;
  if (isObject(answer.result) && answer.result.code === 'ENOTFOUND') return false;
  return taskErrorText(answer.result) !== '';
}

/** §4 "transmitted with a result; removed from the queue afterwards unless its result is cacheable". */
export function afterTransmission(task: SyncTask, answer: TaskAnswer, now: number): { task: SyncTask; keep: boolean } {
  return {
    task: {
      ...task,
      transmited: true,
      transmited_at: now,
      updated_at: now,
      result: answer.result,
      resultCode: answer.code,
      code: answer.code,
      meta: answer.meta ?? task.meta,
      acknowledged: false,
    },
    keep: task.is_result_cacheable,
  };
}

/** A kept result (a cacheable task, transmitted) is read for this long: an offline order's thank-you page. */
export const KEPT_RESULT_MAX_AGE_MS = 30 * 24 * 3600_000;
/** At most this many kept results stay, the newest. */
export const KEPT_RESULTS_MAX = 20;

/**
 * The kept results to drop (docs/offline.md, "The sync task queue"): a transmitted cacheable
 * task older than KEPT_RESULT_MAX_AGE_MS, and beyond the KEPT_RESULTS_MAX newest. Pending tasks
 * are never dropped here.
 */
export function keptResultsToPrune(tasks: readonly SyncTask[], now: number): string[] {
  const kept = tasks.filter((task) => task.transmited && task.is_result_cacheable).sort((a, b) => (b.transmited_at ?? 0) - (a.transmited_at ?? 0));
  return kept.filter((task, index) => index >= KEPT_RESULTS_MAX || now - (task.transmited_at ?? 0) > KEPT_RESULT_MAX_AGE_MS).map((task) => task.task_id);
}
