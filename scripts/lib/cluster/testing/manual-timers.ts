import type { Timers } from '../supervisor';

/** Lets every promise callback that is due run (they all run before the next macrotask). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock and timers the test moves by hand: `advance(ms)` runs the timers that fall due, in
 * order, letting promise callbacks run between them — the supervisor's backoff tested without
 * waiting for it, or asserting on how long anything took.
 */
export function manualTimers(): Timers & { advance(ms: number): Promise<void>; settle(): Promise<void>; pendingDelays(): number[] } {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId;
      nextId += 1;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
    settle,
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await settle();
        const [due] = [...pending].filter(([, timer]) => timer.at <= until).sort(([a, x], [b, y]) => x.at - y.at || a - b);
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
      await settle();
    },
    /** How long until each pending timer fires. */
    pendingDelays: () => [...pending.values()].map((timer) => timer.at - now),
  };
}
