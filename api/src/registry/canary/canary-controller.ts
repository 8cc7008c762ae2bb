import type { RegistryEvent } from '@kaloryfer/api-contract';
import type { Signals } from '../../signals';
import type { Releases } from '../releases';
import type { RegistryStore } from '../registry-store';
import { DEFAULT_THRESHOLDS, type CanaryThresholds } from '../../config';
import { decideCanary } from './canary-rules';

/** How often each instance judges the running canaries. */
export const CANARY_CHECK_MS = 10_000;

/**
 * What the judge reports to /metrics (app.ts hands the shop's metrics): the decisions it applied,
 * and the canaries running at each judgement with their shares (docs/operations.md).
 */
export interface CanaryMetrics {
  canaryDecision(remote: string, variant: string, decision: 'advance' | 'promote' | 'rollback'): void;
  canariesRunning(canaries: readonly { remote: string; variant: string; percent: number }[]): void;
}

/**
 * Judges every running canary, on every instance, every few seconds (docs/releasing.md,
 * "Canaries"): the canary's signals and the live build's over the current step (the same
 * minutes, both serving), through `decideCanary`; a verdict other than "wait" is applied by
 * `Releases.applyCanaryDecision`, which acts only if the step is still the one judged, so of
 * several instances one moves it. Every decision is in the registry's history with its numbers.
 */
export class CanaryController {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: RegistryStore,
    private readonly releases: Releases,
    private readonly signals: Signals,
    private readonly clock: () => Date = () => new Date(),
    private readonly options: { intervalMs?: number; thresholds?: CanaryThresholds; log?: (message: string) => void; metrics?: CanaryMetrics } = {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      this.running = this.tick().catch((error: Error) => this.options.log?.(`canary: could not judge (${error.message})`));
    }, this.options.intervalMs ?? CANARY_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Judges each running canary once; answers the changes made. */
  async tick(): Promise<RegistryEvent[]> {
    const made: RegistryEvent[] = [];
    const [canaries, live] = await Promise.all([this.store.canaries(), this.store.live()]);
    this.options.metrics?.canariesRunning(canaries);
    for (const canary of canaries) {
      const since = new Date(canary.stepStartedAt);
      const builds = await this.signals.summarySince(canary.remote, since);
      const stable = live.find((row) => row.remote === canary.remote && row.variant === canary.variant);
      const decision = decideCanary(
        builds.find((build) => build.build === canary.build.hash) ?? null,
        builds.find((build) => build.build === stable?.build.hash) ?? null,
        { percent: canary.percent, steps: canary.steps, stepMinutes: (this.clock().getTime() - since.getTime()) / 60_000, paused: canary.paused },
        this.options.thresholds ?? DEFAULT_THRESHOLDS,
      );
      if (decision.action === 'wait') continue;
      const event = await this.releases.applyCanaryDecision(canary, decision);
      if (event) {
        made.push(event);
        this.options.metrics?.canaryDecision(canary.remote, canary.variant, decision.action);
        this.options.log?.(`canary ${canary.remote} ${canary.variant} ${canary.build.version}: ${event.action} — ${event.reason}`);
      }
    }
    return made;
  }
}
