/**
 * When the cluster's supervisor (supervisor.ts) restarts an instance that ended, and when it stops
 * trying. Pure: no clock, no processes — the supervisor says how long the instance had been up.
 *
 * Restarts follow each other with exponential backoff (0.5 s, 1 s, 2 s, 4 s, 8 s…, capped), so a
 * crashing instance does not burn the CPU the others serve with. An instance that stayed up for
 * `stableMs` has recovered: its next end starts a new row at the first delay. `maxRestarts`
 * restarts in a row without that is a crash loop — the supervisor gives up on that instance and
 * says so; the others keep serving. With the defaults an instance that exits at once is given up
 * ~25 s after its first end (5 restarts, 15.5 s of backoff, a start each).
 */
export interface RestartPolicy {
  /** The first restart's delay; each further one in a row doubles it. */
  baseDelayMs: number;
  /** No delay is longer. */
  maxDelayMs: number;
  /** Restarts in a row (none of them stayed up `stableMs`) before the supervisor gives up. */
  maxRestarts: number;
  /** Up (ready) this long: the instance has recovered, the next end starts a new row. */
  stableMs: number;
  /**
   * Not ready this long after starting: killed, and counted as an end (an instance that never
   * becomes healthy). A start is mostly the catalogue's full load: ~40 s at 100,000 products on
   * the busy 2-core machine (docs/scaling.md), so the limit leaves room for three times that.
   */
  readyTimeoutMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRestarts: 5,
  stableMs: 30_000,
  readyTimeoutMs: 120_000,
};

export type RestartDecision =
  /** Start it again after `delayMs`; `attempt` is this restart's number in the row (1 = the first). */
  | { restart: true; attempt: number; delayMs: number }
  /** A crash loop: `restarts` in a row did not help. */
  | { restart: false; restarts: number };

/**
 * An instance has ended. `restartsInRow`: restarts since it last stayed up `stableMs`; `upForMs`:
 * how long it had been ready when it ended (null: it never became ready).
 */
export function decideRestart(policy: RestartPolicy, restartsInRow: number, upForMs: number | null): RestartDecision {
  const inRow = upForMs !== null && upForMs >= policy.stableMs ? 0 : restartsInRow;
  if (inRow >= policy.maxRestarts) return { restart: false, restarts: inRow };
  return { restart: true, attempt: inRow + 1, delayMs: Math.min(policy.baseDelayMs * 2 ** inRow, policy.maxDelayMs) };
}
