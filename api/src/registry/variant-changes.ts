/** The changes of a live variant after its release: rollback, an A/B weight, withdrawing a variant. */
import type { RegistryEvent } from '@kaloryfer/api-contract';
import { majorOf } from '@kaloryfer/contracts/meta';
import { DEFAULT_VARIANT } from './build-files';
import type { GateOptions } from './gate/release-gate';
import type { LiveRegistry } from './live-registry';
import type { NewEvent, RegistryStore, StoredBuild } from './registry-store';
import type { RegistryCaller } from './registry-tokens';
import { underLease, type ChangeContext } from './release-lease';
import { label, ReleaseRefused } from './release-refusals';

export interface RollbackRequest {
  remote: string;
  variant?: string;
  /** The version to go back to; without it, the build live before the current one. */
  to?: string;
  caller: RegistryCaller;
  reason?: string;
}

export interface WeightRequest {
  remote: string;
  variant: string;
  weight: number;
  caller: RegistryCaller;
  reason?: string;
}

export interface WithdrawRequest {
  remote: string;
  variant: string;
  caller: RegistryCaller;
  reason?: string;
}

/** Each change under its remote's lease, one transaction: its history event and the live row. */
export class VariantChanges implements ChangeContext {
  constructor(
    readonly store: RegistryStore,
    readonly live: LiveRegistry,
    readonly now: () => Date,
    /** The release gate's settings: a rollback target must speak the shell's contracts. */
    private readonly gate: Pick<GateOptions, 'shellContracts'>,
  ) {}

  /** The build live before the current one (the release that made it live names it), or the one published as `to`. */
  async rollback(request: RollbackRequest): Promise<RegistryEvent> {
    const { remote, caller } = request;
    return underLease(this, remote, caller, async () => {
      const current = await this.liveVariant(remote, request.variant);
      const variant = current.variant;
      let target: StoredBuild | null;
      if (request.to) {
        target = await this.store.buildByVersion(remote, variant, request.to);
        if (!target) throw new ReleaseRefused(404, `no build of ${label(remote, variant, request.to)} was ever published`);
        if (target.hash === current.build.hash) throw new ReleaseRefused(409, `${label(remote, variant, request.to)} is live already`);
      } else {
        const release = await this.store.releaseOf(remote, variant, current.build.hash);
        target = release?.previousBuild ? await this.store.build(release.previousBuild) : null;
        if (!target)
          throw new ReleaseRefused(409, `nothing to roll back to: ${label(remote, variant, current.build.version)} is the first build that went live`);
      }
      if (majorOf(target.contracts) !== majorOf(this.gate.shellContracts)) {
        throw new ReleaseRefused(
          409,
          `${label(remote, variant, target.version)} was built against contracts ${target.contracts}; the shell speaks ${this.gate.shellContracts}`,
        );
      }
      return this.commit(
        {
          remote,
          variant,
          action: 'rollback',
          build_hash: target.hash,
          version: target.version,
          previous_hash: current.build.hash,
          previous_version: current.build.version,
          weight: current.weight,
          team: caller.team,
          reason: request.reason ?? `rolled back by the ${caller.team} team`,
        },
        { build: target.hash, weight: current.weight },
      );
    });
  }

  /** An A/B variant's share of new visitors (sticky assignments stay). */
  async setWeight(request: WeightRequest): Promise<RegistryEvent> {
    const { remote, variant, caller } = request;
    return underLease(this, remote, caller, async () => {
      const rows = (await this.store.live()).filter((row) => row.remote === remote);
      const current = rows.find((row) => row.variant === variant);
      if (!current)
        throw new ReleaseRefused(404, `${remote} has no live variant ${variant}${rows.length ? ` (live: ${rows.map((row) => row.variant).join(', ')})` : ''}`);
      if (variant === DEFAULT_VARIANT) throw new ReleaseRefused(409, `${remote} has one build and no A/B variants: weights are for variants`);
      if (rows.every((row) => (row.variant === variant ? request.weight : row.weight) === 0)) {
        throw new ReleaseRefused(409, `at least one variant of ${remote} must keep a weight above 0`);
      }
      return this.commit(
        {
          remote,
          variant,
          action: 'weight',
          build_hash: current.build.hash,
          version: current.build.version,
          previous_hash: current.build.hash,
          previous_version: current.build.version,
          weight: request.weight,
          team: caller.team,
          reason: request.reason ?? `weight ${current.weight} → ${request.weight}`,
        },
        { build: current.build.hash, weight: request.weight },
      );
    });
  }

  /** Ends an A/B variant: new and assigned visitors get the control. The control and a last variant stay. */
  async withdraw(request: WithdrawRequest): Promise<RegistryEvent> {
    const { remote, variant, caller } = request;
    return underLease(this, remote, caller, async () => {
      const rows = (await this.store.live()).filter((row) => row.remote === remote);
      const current = rows.find((row) => row.variant === variant);
      if (!current) throw new ReleaseRefused(404, `${remote} has no live variant ${variant}`);
      const control = (await this.store.remotes()).find((row) => row.remote === remote)?.control;
      if (rows.length === 1) throw new ReleaseRefused(409, `${variant} is ${remote}'s only build: withdrawing it would leave the region without code`);
      if (variant === control) throw new ReleaseRefused(409, `${variant} is ${remote}'s control variant, which visitors fall back to: it cannot be withdrawn`);
      if (rows.every((row) => row.variant === variant || row.weight === 0)) {
        throw new ReleaseRefused(409, `the other variants of ${remote} all weigh 0: give one a weight first`);
      }
      return this.commit(
        {
          remote,
          variant,
          action: 'withdraw',
          build_hash: null,
          version: null,
          previous_hash: current.build.hash,
          previous_version: current.build.version,
          weight: null,
          team: caller.team,
          reason: request.reason ?? `withdrawn by the ${caller.team} team`,
        },
        'withdraw',
      );
    });
  }

  private async liveVariant(remote: string, variant: string | undefined) {
    const rows = (await this.store.live()).filter((row) => row.remote === remote);
    if (rows.length === 0) throw new ReleaseRefused(404, `${remote} has no live build`);
    if (variant) {
      const row = rows.find((candidate) => candidate.variant === variant);
      if (!row) throw new ReleaseRefused(404, `${remote} has no live variant ${variant} (live: ${rows.map((candidate) => candidate.variant).join(', ')})`);
      return row;
    }
    if (rows.length > 1) throw new ReleaseRefused(400, `${remote} has variants ${rows.map((row) => row.variant).join(', ')}: say which one`);
    return rows[0];
  }

  /** One change of what a variant serves: its history event and its live row, in one transaction. */
  private commit(event: NewEvent, live: { build: string; weight: number } | 'withdraw'): Promise<RegistryEvent> {
    const at = this.now().toISOString();
    return this.store.transaction(async (trx) => {
      const made = await this.store.addEvent(trx, event, at);
      if (live === 'withdraw') await this.store.removeLive(trx, event.remote, event.variant);
      else await this.store.setLive(trx, { remote: event.remote, variant: event.variant, build_hash: live.build, weight: live.weight, event_id: made.id });
      return made;
    });
  }
}
