/**
 * The route progress bar (spec §4): starts, creeps, tops out at 99 until finished. It creeps
 * most of the way within `duration` (3000 ms default, spec §9) and never reaches 100 alone.
 */
export const DEFAULT_PROGRESS_DURATION = 3000;

export function progressAt(elapsedMs: number, duration = DEFAULT_PROGRESS_DURATION): number {
  if (elapsedMs <= 0) return 0;
  const value = 99 * (1 - Math.exp((-3 * elapsedMs) / duration));
  return Math.min(99, Math.round(value * 10) / 10);
}

export type ProgressPhase = { kind: 'idle' } | { kind: 'running'; startedAt: number } | { kind: 'finished'; at: number };

export function startProgress(now: number): ProgressPhase {
  return { kind: 'running', startedAt: now };
}

export function finishProgress(phase: ProgressPhase, now: number): ProgressPhase {
  return phase.kind === 'running' ? { kind: 'finished', at: now } : phase;
}

/** The bar's width in percent for a phase; a finished bar shows 100 until it fades. */
export function progressValue(phase: ProgressPhase, now: number, duration = DEFAULT_PROGRESS_DURATION): number {
  switch (phase.kind) {
    case 'idle':
      return 0;
    case 'running':
      return progressAt(now - phase.startedAt, duration);
    case 'finished':
      return 100;
  }
}
