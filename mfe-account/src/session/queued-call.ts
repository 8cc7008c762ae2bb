import { syncTaskRequested, syncTaskSettled } from '@kaloryfer/contracts';
import { taskErrorText } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import { isOffline, newTaskId } from './profile-task';

/**
 * A call through the shell's sync queue (docs/offline.md), as spec §7 queues the account's
 * changes: online it is sent at once; offline it waits on this device and is sent when the
 * connection returns. `answered` resolves with the result of the first answer the queue accepts
 * (rejects with `ApiFailure` for another code); `acceptedOffline` says it waits. Silent: the page
 * says what happened, not a notification. `stop()` stops listening (the task stays queued).
 */
export function queueCall<Result>(request: { url: string; method: 'POST' | 'DELETE'; body: unknown }): {
  acceptedOffline: boolean;
  answered: Promise<Result>;
  stop: () => void;
} {
  const taskId = newTaskId();
  const acceptedOffline = isOffline();
  let stop: () => void = () => undefined;
  const answered = new Promise<Result>((resolve, reject) => {
    // Listen first: a queue may settle the task before emit returns.
    stop = syncTaskSettled.on((settled) => {
      if (settled.task_id !== taskId || !settled.transmitted || settled.code === null) return; // a refused answer: it stays queued
      stop();
      if (settled.code === 200) resolve(settled.result as Result);
      else reject(new ApiFailure(settled.code, taskErrorText(settled.result)));
    });
    syncTaskRequested.emit({
      task_id: taskId,
      url: request.url,
      payload: {
        method: request.method,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      },
      silent: true,
    });
  });
  return { acceptedOffline, answered, stop: () => stop() };
}
