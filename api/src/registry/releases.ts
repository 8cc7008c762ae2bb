/** The registry's changes (`Releases`): publish through the release gate here; rollback, weight, withdraw, canaries and reads delegated. */
import type { GateResult, PublishAnswer, RegistryEvent, RemoteStatus } from '@kaloryfer/api-contract';
import { readBuildArchive } from './build-archive';
import { buildCandidateOf, DEFAULT_VARIANT, type BuildCandidate } from './build-files';
import { CanaryLifecycle, type CanaryActionRequest, type CanaryVerdict } from './canary/canary-lifecycle';
import { runGate, type GateOptions } from './gate/release-gate';
import type { LiveRegistry } from './live-registry';
import { stepsFrom } from './canary/canary-rules';
import type { CanaryRow, RegistryStore } from './registry-store';
import type { RegistryCaller } from './registry-tokens';
import { underLease } from './release-lease';
import { registryBuildOf, registryStatus } from './release-reads';
import { label, ReleaseRefused, unknownRemote } from './release-refusals';
import { VariantChanges, type RollbackRequest, type WeightRequest, type WithdrawRequest } from './variant-changes';

// Re-exported: the registry's routes, its remotes and overrides import them from here.

/** A new variant's share of visitors unless the release names one. */
export const DEFAULT_VARIANT_WEIGHT = 50;

/**
 * Every change to the registry (docs/releasing.md): publish (through the release gate),
 * rollback, weight, withdraw — each under its remote's lease, so two changes of one remote never
 * interleave (the second is told "release in progress"), while other remotes go on. A change is
 * one transaction: its history event and the live rows together; then every instance reloads
 * (`LiveRegistry`). A refused change leaves the live rows as they were and says why.
 */
export class Releases {
  private readonly variants: VariantChanges;
  private readonly canaries: CanaryLifecycle;

  constructor(
    private readonly store: RegistryStore,
    private readonly live: LiveRegistry,
    /** The gate's settings, fixed at construction: the composition root hands in the page server's server-render check (composition/compose-shop.ts). */
    readonly gate: Readonly<Omit<GateOptions, 'origin'>>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.variants = new VariantChanges(store, live, now, gate);
    this.canaries = new CanaryLifecycle(store, live, now);
  }

  async publish(request: {
    remote: string;
    archive: Buffer;
    caller: RegistryCaller;
    weight?: number;
    origin?: string;
    reason?: string;
    /** Serve it to this share of shoppers beside the live build, stepping up while healthy (docs/releasing.md, "Canaries"). */
    canary?: number;
    /** A build its canary marked bad may go again. */
    force?: boolean;
  }): Promise<PublishAnswer> {
    const { remote, caller } = request;
    const definition = (await this.store.definitions()).find((entry) => entry.name === remote);
    if (!definition) throw new ReleaseRefused(404, unknownRemote(remote));
    const files = await readBuildArchive(request.archive);
    const candidate = buildCandidateOf(files);
    if (candidate.info.remote !== remote) {
      throw new ReleaseRefused(400, `this archive holds a build of ${candidate.info.remote}, not ${remote}`);
    }
    const name = label(remote, candidate.variant, candidate.info.version);
    const preview = registryBuildOf(candidate, { team: caller.team, publishedAt: '', origin: request.origin ?? null });
    const existing = await this.store.buildByVersion(remote, candidate.variant, candidate.info.version);
    if (existing && existing.hash !== candidate.hash) {
      const message = `${name} was published at ${existing.publishedAt} with other files (build ${existing.hash.slice(0, 12)}, this one ${candidate.hash.slice(0, 12)}): a published version never changes — give this build a new version`;
      await this.recordRefusal(candidate, caller, message, null);
      throw new ReleaseRefused(409, message, { build: preview });
    }
    const liveRows = (await this.store.live()).filter((row) => row.remote === remote);
    const current = liveRows.find((row) => row.variant === candidate.variant);
    if (existing && current?.build.hash === candidate.hash && (existing.origin ?? null) === (request.origin ?? null)) {
      return { outcome: 'unchanged', build: registryBuildOf(existing), gate: null, event: null };
    }
    if (existing?.bad && !request.force) {
      throw new ReleaseRefused(
        409,
        `${name} was rolled back by its canary (${existing.bad}): publish it again with force, or a fixed build under a new version`,
      );
    }
    const running = (await this.store.canaries()).find((row) => row.remote === remote && row.variant === candidate.variant);
    if (running) {
      throw new ReleaseRefused(
        409,
        `a canary of ${label(remote, candidate.variant, running.build.version)} is running at ${running.percent} %: promote or abort it first (npm run registry -- canary promote|abort ${remote})`,
      );
    }
    if (request.canary !== undefined && !current) {
      throw new ReleaseRefused(409, `${label(remote, candidate.variant)} has no live build to measure a canary against: release it without --canary`);
    }
    if (existing && (existing.origin ?? null) !== (request.origin ?? null)) {
      throw new ReleaseRefused(
        409,
        `${name} was published ${existing.origin ? `to serve from ${existing.origin}` : 'to be served by the shop'}: a published build keeps where it is served from`,
      );
    }
    const others = liveRows.filter((row) => row.variant !== DEFAULT_VARIANT).map((row) => row.variant);
    if (candidate.variant === DEFAULT_VARIANT && others.length > 0) {
      throw new ReleaseRefused(409, `${remote} runs an A/B test (variants ${others.join(', ')}): publish a build of one of its variants`);
    }
    return underLease({ store: this.store, live: this.live, now: this.now }, remote, caller, async () => {
      const gate = await runGate(candidate, files, { ...this.gate, definition, origin: request.origin });
      if (!gate.ok) {
        const failed = gate.checks.filter((check) => check.status === 'fail');
        const message = `the release gate refused ${name}: ${failed.map((check) => `${check.name}: ${check.detail}`).join('; ')}`;
        await this.recordRefusal(candidate, caller, message, gate);
        throw new ReleaseRefused(422, message, { gate, build: preview });
      }
      const at = this.now().toISOString();
      if (request.canary !== undefined && current) {
        const percent = request.canary;
        const event = await this.store.transaction(async (trx) => {
          if (!existing) await this.store.storeBuild(trx, candidate, { gate, team: caller.team, origin: request.origin ?? null, now: at });
          if (existing?.bad) await this.store.markBad(trx, existing.hash, null); // forced: judged afresh
          const made = await this.store.addEvent(
            trx,
            {
              remote,
              variant: candidate.variant,
              action: 'canary',
              build_hash: candidate.hash,
              version: candidate.info.version,
              previous_hash: current.build.hash,
              previous_version: current.build.version,
              weight: percent,
              team: caller.team,
              reason: request.reason ?? `canary at ${percent} % by the ${caller.team} team, then ${stepsFrom(percent).slice(1).join(' → ')} % while healthy`,
              gate,
            },
            at,
          );
          await this.store.setCanary(trx, {
            remote,
            variant: candidate.variant,
            build_hash: candidate.hash,
            percent,
            steps: JSON.stringify(stepsFrom(percent)),
            step_started_at: at,
            started_at: at,
            paused: 0,
            team: caller.team,
          });
          return made;
        });
        const stored = (await this.store.build(candidate.hash))!;
        return { outcome: 'canary' as const, build: registryBuildOf(stored), gate, event };
      }
      const event = await this.store.transaction(async (trx) => {
        if (!existing) await this.store.storeBuild(trx, candidate, { gate, team: caller.team, origin: request.origin ?? null, now: at });
        if (existing?.bad) await this.store.markBad(trx, existing.hash, null);
        const weight = request.weight ?? current?.weight ?? (candidate.variant === DEFAULT_VARIANT ? 1 : DEFAULT_VARIANT_WEIGHT);
        const made = await this.store.addEvent(
          trx,
          {
            remote,
            variant: candidate.variant,
            action: 'release',
            build_hash: candidate.hash,
            version: candidate.info.version,
            previous_hash: current?.build.hash ?? null,
            previous_version: current?.build.version ?? null,
            weight,
            team: caller.team,
            reason: request.reason ?? `released by the ${caller.team} team`,
            gate,
          },
          at,
        );
        await this.store.setLive(trx, { remote, variant: candidate.variant, build_hash: candidate.hash, weight, event_id: made.id });
        if (candidate.variant !== DEFAULT_VARIANT) {
          // A remote becomes an A/B test with its first variant build: the single build gives way, the first variant is the control.
          await this.store.removeLive(trx, remote, DEFAULT_VARIANT);
          const control = (await this.store.remotes(trx)).find((row) => row.remote === remote)?.control;
          if (!control || !liveRows.some((row) => row.variant === control)) await this.store.setControl(trx, remote, candidate.variant);
        }
        return made;
      });
      const stored = (await this.store.build(candidate.hash))!;
      return { outcome: 'released' as const, build: registryBuildOf(stored), gate, event };
    });
  }

  /** The build live before the current one (the release that made it live names it), or the one published as `to`. */
  rollback(request: RollbackRequest): Promise<RegistryEvent> {
    return this.variants.rollback(request);
  }

  /** An A/B variant's share of new visitors (sticky assignments stay). */
  setWeight(request: WeightRequest): Promise<RegistryEvent> {
    return this.variants.setWeight(request);
  }

  /** Ends an A/B variant: new and assigned visitors get the control. The control and a last variant stay. */
  withdraw(request: WithdrawRequest): Promise<RegistryEvent> {
    return this.variants.withdraw(request);
  }

  /** Pause, resume, promote or abort a running canary (canary-lifecycle.ts). */
  canaryAction(request: CanaryActionRequest): Promise<RegistryEvent> {
    return this.canaries.canaryAction(request);
  }

  /** The canary controller's verdict applied, if the canary is still at the step judged; null when nothing changed (canary-lifecycle.ts). */
  applyCanaryDecision(canary: CanaryRow, decision: CanaryVerdict): Promise<RegistryEvent | null> {
    return this.canaries.applyCanaryDecision(canary, decision);
  }

  status(): Promise<{ remotes: RemoteStatus[] }> {
    return registryStatus(this.store, this.now);
  }

  history(remote: string, limit = 50): Promise<RegistryEvent[]> {
    return this.store.history(remote, limit);
  }

  versions(remote: string): Promise<{ version: string; variant: string; publishedAt: string }[]> {
    return this.store.versions(remote);
  }

  private async recordRefusal(candidate: BuildCandidate, caller: RegistryCaller, reason: string, gate: GateResult | null): Promise<void> {
    await this.store.addEvent(
      this.store.db.kysely,
      {
        remote: candidate.info.remote,
        variant: candidate.variant,
        action: 'refused',
        build_hash: candidate.hash,
        version: candidate.info.version,
        previous_hash: null,
        previous_version: null,
        weight: null,
        team: caller.team,
        reason,
        gate,
      },
      this.now().toISOString(),
    );
  }
}
