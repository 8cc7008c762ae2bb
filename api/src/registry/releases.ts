import { randomBytes } from 'node:crypto';
import type { GateResult, PublishAnswer, RegistryBuild, RegistryEvent, RemoteStatus } from '@kaloryfer/api-contract';
import { majorOf } from '@kaloryfer/contracts/meta';
import { readBuildArchive } from './build-archive';
import { buildCandidateOf, DEFAULT_VARIANT, type BuildCandidate } from './build-files';
import { runGate, type GateOptions } from './gate/release-gate';
import { buildBase, type LiveRegistry } from './live-registry';
import { stepsFrom } from './canary/canary-rules';
import type { CanaryRow, NewEvent, RegistryStore, StoredBuild } from './registry-store';
import type { RegistryCaller } from './registry-tokens';

/** A registry change that cannot be made, with the HTTP status that says why. */
export class ReleaseRefused extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 422,
    message: string,
    readonly details: { gate?: GateResult; build?: RegistryBuild } = {},
  ) {
    super(message);
  }
}

/** How long a release may hold its remote's lease (the gate's slowest checks fit well inside). */
export const RELEASE_LEASE_MS = 5 * 60_000;
/** A new variant's share of visitors unless the release names one. */
export const DEFAULT_VARIANT_WEIGHT = 50;

export function registryBuildOf(build: StoredBuild | BuildCandidate, fields?: { team: string; publishedAt: string; origin: string | null }): RegistryBuild {
  if ('info' in build) {
    const origin = fields?.origin ?? null;
    return {
      build: build.hash,
      remote: build.info.remote,
      variant: build.variant,
      version: build.info.version,
      container: build.info.container,
      contracts: build.info.contracts,
      entry: `${buildBase({ remote: build.info.remote, hash: build.hash, origin })}mf-manifest.json`,
      integrity: build.entryIntegrity,
      origin,
      team: fields?.team ?? '',
      publishedAt: fields?.publishedAt ?? '',
      builtAt: build.info.builtAt ?? null,
    };
  }
  return {
    build: build.hash,
    remote: build.remote,
    variant: build.variant,
    version: build.version,
    container: build.container,
    contracts: build.contracts,
    entry: `${buildBase(build)}mf-manifest.json`,
    integrity: build.entryIntegrity,
    origin: build.origin,
    team: build.team,
    publishedAt: build.publishedAt,
    builtAt: build.builtAt,
  };
}

/** The answer to a call about a name that is none of the shop's remotes. */
export const unknownRemote = (remote: string) =>
  `${remote} is not a remote of this shop: an operator registers it first (npm run registry -- remote add ${remote} --route <name>=<pattern>)`;

const label = (remote: string, variant: string, version?: string | null) =>
  `${remote}${variant === DEFAULT_VARIANT ? '' : ` variant ${variant}`}${version ? ` ${version}` : ''}`;

/**
 * Every change to the registry (docs/releasing.md): publish (through the release gate),
 * rollback, weight, withdraw — each under its remote's lease, so two changes of one remote never
 * interleave (the second is told "release in progress"), while other remotes go on. A change is
 * one transaction: its history event and the live rows together; then every instance reloads
 * (`LiveRegistry`). A refused change leaves the live rows as they were and says why.
 */
export class Releases {
  constructor(
    private readonly store: RegistryStore,
    private readonly live: LiveRegistry,
    /** The gate's settings; the page server adds its server-render check when it is installed. */
    readonly gate: Omit<GateOptions, 'origin'> & { serverRender?: GateOptions['serverRender'] },
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    return this.underLease(remote, caller, async () => {
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
  async rollback(request: { remote: string; variant?: string; to?: string; caller: RegistryCaller; reason?: string }): Promise<RegistryEvent> {
    const { remote, caller } = request;
    return this.underLease(remote, caller, async () => {
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
  async setWeight(request: { remote: string; variant: string; weight: number; caller: RegistryCaller; reason?: string }): Promise<RegistryEvent> {
    const { remote, variant, caller } = request;
    return this.underLease(remote, caller, async () => {
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
  async withdraw(request: { remote: string; variant: string; caller: RegistryCaller; reason?: string }): Promise<RegistryEvent> {
    const { remote, variant, caller } = request;
    return this.underLease(remote, caller, async () => {
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

  /**
   * An operator's (or the remote's team's) hand on a running canary: pause (it stays at its
   * share; an unhealthy canary is still rolled back), resume, promote (live now) or abort (its
   * shoppers go back to the live build).
   */
  async canaryAction(request: {
    remote: string;
    variant?: string;
    action: 'pause' | 'resume' | 'promote' | 'abort';
    caller: RegistryCaller;
    reason?: string;
    force?: boolean;
  }): Promise<RegistryEvent> {
    const { remote, caller, action } = request;
    return this.underLease(remote, caller, async () => {
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
  async applyCanaryDecision(
    canary: CanaryRow,
    decision: { action: 'advance'; to: number; reason: string } | { action: 'promote' | 'rollback'; reason: string },
  ): Promise<RegistryEvent | null> {
    const system: RegistryCaller = { tokenId: 'canary-controller', team: 'registry' as RegistryCaller['team'] };
    try {
      return await this.underLease(canary.remote, system, async () => {
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

  async status(): Promise<{ remotes: RemoteStatus[] }> {
    const [rows, remotes, canaries, definitions] = await Promise.all([
      this.store.live(),
      this.store.remotes(),
      this.store.canaries(),
      this.store.definitions(),
    ]);
    const now = this.now().toISOString();
    const bad = await Promise.all(definitions.map((definition) => this.store.badBuilds(definition.name)));
    return {
      remotes: definitions.map(({ name: remote }, index) => {
        const row = remotes.find((candidate) => candidate.remote === remote);
        const live = rows.filter((candidate) => candidate.remote === remote);
        return {
          remote,
          control: live.some((candidate) => candidate.variant !== DEFAULT_VARIANT) ? (row?.control ?? null) : null,
          variants: live.map((candidate) => {
            const canary = canaries.find((row) => row.remote === remote && row.variant === candidate.variant);
            return {
              ...registryBuildOf(candidate.build),
              weight: candidate.weight,
              since: candidate.since,
              gate: candidate.build.gate,
              bad: candidate.build.bad,
              canary: canary
                ? {
                    build: registryBuildOf(canary.build),
                    percent: canary.percent,
                    steps: canary.steps,
                    paused: canary.paused,
                    startedAt: canary.startedAt,
                    stepStartedAt: canary.stepStartedAt,
                  }
                : null,
            };
          }),
          releaseInProgress: row?.lockUntil && row.lockUntil > now ? { team: row.lockTeam ?? '?', until: row.lockUntil } : null,
          badBuilds: bad[index],
        };
      }),
    };
  }

  history(remote: string, limit = 50): Promise<RegistryEvent[]> {
    return this.store.history(remote, limit);
  }

  versions(remote: string): Promise<{ version: string; variant: string; publishedAt: string }[]> {
    return this.store.versions(remote);
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

  /** Runs `change` holding the remote's lease; another change of the remote meanwhile is refused with 409. */
  private async underLease<T>(remote: string, caller: RegistryCaller, change: () => Promise<T>): Promise<T> {
    const lockId = randomBytes(12).toString('hex');
    const now = this.now();
    const lease = await this.store.acquireLease(remote, lockId, caller.team, now.toISOString(), new Date(now.getTime() + RELEASE_LEASE_MS).toISOString());
    if (!lease.acquired) {
      throw new ReleaseRefused(
        409,
        `release in progress: the ${lease.team} team is changing ${remote} (its lease runs until ${lease.until}); try again when it is done`,
      );
    }
    try {
      return await change();
    } finally {
      await this.store.releaseLease(remote, lockId).catch(() => undefined);
      await this.live.reload().catch(() => undefined);
    }
  }
}
