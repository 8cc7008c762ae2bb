import type { CustomerUpdate, SignedInCustomer } from '@kaloryfer/api-contract';
import { $connectivity, syncTaskRequested, syncTaskSettled, type SyncTaskSettled } from '@kaloryfer/contracts';
import { REFRESH_REFUSED, taskErrorText } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';

/**
 * Spec §7 "POST me {profile} (queued)": the profile is saved through the shell's sync queue
 * (docs/offline.md), so a save made offline waits on this device and is sent when the connection
 * returns. The token is filled by the queue when it sends the task (`?token=`, as VSF and
 * `withToken` pass it).
 */
export const PROFILE_TASK_URL = '/api/user/me?token={{token}}';
/** The settled task's name: the session owner keeps the saved customer from it in every tab. */
export const PROFILE_SAVED_EVENT = 'user:profile-saved';

/** A task id: `crypto.randomUUID()` where the browser has it (secure contexts), else 128 random bits in hex. */
export function newTaskId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Offline as the shell says (`$connectivity`) or as the browser says. */
export const isOffline = () => !$connectivity.get().online || (globalThis.navigator as Navigator | undefined)?.onLine === false;

export type ProfileTaskOutcome =
  /** Code 200: the customer as saved (the session owner has kept it in `$session.user`). */
  | { kind: 'saved'; customer: SignedInCustomer }
  /** Any other code: what the page shows, as `apiJson` would have failed. */
  | { kind: 'failed'; error: ApiFailure }
  /** The answer was refused (spec §8: not JSON, or no code); the task stays queued and may settle again later. */
  | { kind: 'refused'; error: Error };

/** What a settled profile task means to the page. */
export function profileTaskOutcome(settled: SyncTaskSettled): ProfileTaskOutcome {
  if (!settled.transmitted || settled.code === null) return { kind: 'refused', error: new Error(settled.error ?? 'not transmitted') };
  if (settled.code === 200) return { kind: 'saved', customer: settled.result as SignedInCustomer };
  // The queue already ran spec §4's token handling (one refresh and a retry, through the page's
  // refresh lock): a 401 that reaches here is a refused refresh, said as the direct call said it.
  if (settled.code === 401) return { kind: 'failed', error: new ApiFailure(401, REFRESH_REFUSED) };
  return { kind: 'failed', error: new ApiFailure(settled.code, taskErrorText(settled.result)) };
}

/**
 * Queues `POST /api/user/me` with `{customer: change}` (the body the direct call sent) and calls
 * `onSettled` with each settlement of that task: once when it is answered, or again later after
 * a refused answer (the task stays queued then). Returns the task id and the unsubscribe function.
 * Silent: the page shows its own error, not a notification.
 */
export function queueProfileSave(
  change: CustomerUpdate,
  onSettled: (outcome: ProfileTaskOutcome) => void,
  taskId: string = newTaskId(),
): { taskId: string; stop: () => void } {
  // Listen first: a queue may settle the task before emit returns.
  const stop = syncTaskSettled.on((settled) => {
    if (settled.task_id === taskId) onSettled(profileTaskOutcome(settled));
  });
  syncTaskRequested.emit({
    task_id: taskId,
    url: PROFILE_TASK_URL,
    payload: {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ customer: change }),
    },
    callback_event: PROFILE_SAVED_EVENT,
    silent: true,
  });
  return { taskId, stop };
}
