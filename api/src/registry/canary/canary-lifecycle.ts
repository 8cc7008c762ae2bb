/** A running canary's life: an operator's pause, resume, promote or abort, and the canary controller's verdicts applied. */
import type { RegistryEvent } from '@kaloryfer/api-contract';
import type { LiveRegistry } from '../live-registry';
import type { CanaryRow, NewEvent, RegistryStore } from '../registry-store';
import type { RegistryCaller } from '../registry-tokens';
import { underLease, type ChangeContext } from '../release-lease';
import { label, ReleaseRefused } from '../release-refusals';

/** What `canaryAction` is asked: which canary, what to do with it, by whom. */
export interface CanaryActionRequest {
  remote: string;
  variant?: string;
  action: 'pause' | 'resume' | 'promote' | 'abort';
  caller: RegistryCaller;
  reason?: string;
  force?: boolean;
}

/** A verdict of the canary controller that changes something (decideCanary's, but "wait"). */
export type CanaryVerdict = { action: 'advance'; to: number; reason: string } | { action: 'promote' | 'rollback'; reason: string };

/** A canary starts with its publish (releases.ts); from there on it is moved here, under its remote's lease. */
export class CanaryLifecycle implements ChangeContext {
  constructor(
    readonly store: RegistryStore,
    readonly live: LiveRegistry,
    readonly now: () => Date,
  ) {}

  /**
   * An operator's (or the remote's team's) hand on a running canary: pause (it stays at its
   * share; an unhealthy canary is still rolled back), resume, promote (live now) or abort (its
   * shoppers go back to the live build).
   */
  async canaryAction(request: CanaryActionRequest): Promise<RegistryEvent> {
    const { remote, caller, action } = request;
    return underLease(this, remote, caller, async () => {
      const canary = await this.runningCanary(remote, request.variant);
      const reason = request.reason ?? `${action} by the ${caller.team} team`;
      if (action === 'promote') {
        if (canary.build.bad && !request.force)
          throw new ReleaseRefused(409, `${label(remote, canary.variant, canary.build.version)} is marked bad (${canary.build.bad}): promote it with force`);
        return this.promoteCanary(canary, caller.team, reason);
      }
      if (action === 'abort') return this.endCanary(canary, 'canary-abort', caller.team, reason, null);
      const paused = action === 'pause';
      if (canary.paused === paused) throw new ReleaseRefused(409, `the canary of ${label(remote, canary.variant)} is ${paused ? 'paused' : 'running'} already`);
      const at = this.now().toISOString();
      return this.store.transaction(async (trx) => {
        await this.store.updateCanary(trx, { remote, variant: canary.variant, stepStartedAt: canary.stepStartedAt }, { paused: paused ? 1 : 0 });
        return this.store.addEvent(trx, this.canaryEvent(canary, paused ? 'canary-pause' : 'canary-resume', caller.team, reason), at);
      });
    });
  }

  /**
   * The canary controller's verdict applied (canary-controller.ts): a step up, promotion, or an
   * automatic rollback that marks the build bad — each only if the canary is still at the step
   * that was judged (another instance may have acted first), with the numbers in the history.
   * Null: nothing changed (another change holds the remote, or the step moved on).
   */
  async applyCanaryDecision(canary: CanaryRow, decision: CanaryVerdict): Promise<RegistryEvent | null> {
    const system: RegistryCaller = { tokenId: 'canary-controller', team: 'registry' as RegistryCaller['team'] };
    try {
      return await underLease(this, canary.remote, system, async () => {
        const current = (await this.store.canaries()).find((row) => row.remote === canary.remote && row.variant === canary.variant);
        if (!current || current.stepStartedAt !== canary.stepStartedAt) return null;
        if (decision.action === 'promote') return this.promoteCanary(current, 'registry', `automatic: ${decision.reason}`);
        if (decision.action === 'rollback')
          return this.endCanary(current, 'canary-fail', 'registry', `automatic rollback: ${decision.reason}`, decision.reason);
        if (decision.action !== 'advance') return null;
        const to = decision.to;
        const at = this.now().toISOString();
        return this.store.transaction(async (trx) => {
          if (
            !(await this.store.updateCanary(
              trx,
              { remote: current.remote, variant: current.variant, stepStartedAt: current.stepStartedAt },
              { percent: to, step_started_at: at },
            ))
          )
            return null;
          return this.store.addEvent(trx, { ...this.canaryEvent(current, 'canary-step', 'registry', `automatic: ${decision.reason}`), weight: to }, at);
        });
      });
    } catch (error) {
      if (error instanceof ReleaseRefused && error.statusCode === 409) return null; // a release holds the remote: judged again next time
      throw error;
    }
  }

  private async runningCanary(remote: string, variant: string | undefined): Promise<CanaryRow> {
    const rows = (await this.store.canaries()).filter((row) => row.remote === remote && (variant === undefined || row.variant === variant));
    if (rows.length === 0) throw new ReleaseRefused(404, `no canary of ${remote}${variant ? ` variant ${variant}` : ''} is running`);
    if (rows.length > 1) throw new ReleaseRefused(400, `canaries of ${remote} run in variants ${rows.map((row) => row.variant).join(', ')}: say which one`);
    return rows[0];
  }

  private canaryEvent(canary: CanaryRow, action: NewEvent['action'], team: string, reason: string): NewEvent {
    const live = this.live.current().rows.find((row) => row.remote === canary.remote && row.variant === canary.variant);
    return {
      remote: canary.remote,
      variant: canary.variant,
      action,
      build_hash: canary.build.hash,
      version: canary.build.version,
      previous_hash: live?.build.hash ?? null,
      previous_version: live?.build.version ?? null,
      weight: canary.percent,
      team,
      reason,
    };
  }

  /** The canary's build goes live for everyone; the canary ends. */
  private promoteCanary(canary: CanaryRow, team: string, reason: string): Promise<RegistryEvent> {
    const at = this.now().toISOString();
    return this.store.transaction(async (trx) => {
      const live = (await this.store.live(trx)).find((row) => row.remote === canary.remote && row.variant === canary.variant);
      const made = await this.store.addEvent(trx, { ...this.canaryEvent(canary, 'promote', team, reason), weight: live?.weight ?? null }, at);
      await this.store.setLive(trx, {
        remote: canary.remote,
        variant: canary.variant,
        build_hash: canary.build.hash,
        weight: live?.weight ?? 1,
        event_id: made.id,
      });
      await this.store.removeCanary(trx, canary);
      return made;
    });
  }

  /** The canary ends without going live (aborted, or failed: its build marked bad with why). */
  private endCanary(canary: CanaryRow, action: 'canary-abort' | 'canary-fail', team: string, reason: string, bad: string | null): Promise<RegistryEvent> {
    const at = this.now().toISOString();
    return this.store.transaction(async (trx) => {
      const made = await this.store.addEvent(trx, this.canaryEvent(canary, action, team, reason), at);
      await this.store.removeCanary(trx, canary);
      if (bad) await this.store.markBad(trx, canary.build.hash, bad);
      return made;
    });
  }
}
