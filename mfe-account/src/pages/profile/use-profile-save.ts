import type { CustomerUpdate } from '@kaloryfer/api-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isOffline, newTaskId, queueProfileSave, type ProfileTaskOutcome } from '../../session/profile-task';
import { useOnline } from './use-online';

export interface ProfileSaveHandlers {
  /** The server saved it (`$session.user` already holds the answer). `acceptedOffline`: the save was queued offline earlier. */
  saved: (acceptedOffline: boolean) => void;
  /** The server refused it, or its answer was refused (then the task stays queued and may still be saved). */
  failed: (error: Error, acceptedOffline: boolean) => void;
}

type State = 'sending' | 'queued' | 'answer-refused';

/**
 * A section's profile save through the sync queue (`queueProfileSave`). `saving` while an online
 * save waits for its answer; offline (or when the connection drops meanwhile) the save is accepted
 * on this device instead: `queued` until the queue sends it, and the handlers run when it settles,
 * if the section is still on the page. Unmounting unsubscribes; the task stays in the queue and
 * the session owner still keeps the saved customer.
 */
export function useProfileSave() {
  const online = useOnline();
  const tasks = useRef(new Map<string, { state: State; stop: () => void }>());
  const [saving, setSaving] = useState(false);
  const [queued, setQueued] = useState(false);

  const refresh = useCallback(() => {
    const states = [...tasks.current.values()].map((task) => task.state);
    setSaving(states.includes('sending'));
    setQueued(states.includes('queued'));
  }, []);

  useEffect(() => {
    const all = tasks.current;
    return () => {
      all.forEach((task) => task.stop());
      all.clear();
    };
  }, []);

  // The connection dropped while a save waited for its answer: it waits in the queue now.
  useEffect(() => {
    if (online) return;
    let moved = false;
    tasks.current.forEach((task) => {
      if (task.state === 'sending') {
        task.state = 'queued';
        moved = true;
      }
    });
    if (moved) refresh();
  }, [online, refresh]);

  const save = useCallback(
    (change: CustomerUpdate, handlers: ProfileSaveHandlers) => {
      const taskId = newTaskId();
      const task: { state: State; stop: () => void } = { state: isOffline() ? 'queued' : 'sending', stop: () => undefined };
      let acceptedOffline = task.state === 'queued';
      tasks.current.set(taskId, task);
      const { stop } = queueProfileSave(
        change,
        (outcome: ProfileTaskOutcome) => {
          if (tasks.current.get(taskId) !== task) return; // unmounted meanwhile
          acceptedOffline ||= task.state === 'queued';
          if (outcome.kind === 'refused') {
            // Still queued: a later sync may send it again and settle it once more.
            task.state = 'answer-refused';
          } else {
            tasks.current.delete(taskId);
            task.stop();
          }
          refresh();
          if (outcome.kind === 'saved') handlers.saved(acceptedOffline);
          else handlers.failed(outcome.error, acceptedOffline);
        },
        taskId,
      );
      task.stop = stop;
      // Settled before the emit returned (a synchronous queue): nothing left to listen for.
      if (tasks.current.get(taskId) !== task) stop();
      refresh();
      return { acceptedOffline };
    },
    [refresh],
  );

  return { save, saving, queued };
}
