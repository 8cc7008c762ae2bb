import { shopRemotes, type RemoteDefinition } from '@kaloryfer/contracts/meta';
import type { GateResult, RegistryEvent } from '@kaloryfer/api-contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database, MfeBuildTable, MfeEventTable } from '../db/schema';
import type { BuildCandidate, BuildFile } from './build-files';

/** A build as the registry keeps it. */
export interface StoredBuild {
  hash: string;
  remote: string;
  variant: string;
  version: string;
  container: string;
  contracts: string;
  entryIntegrity: string;
  ssrPath: string | null;
  ssrIntegrity: string | null;
  origin: string | null;
  files: BuildFile[];
  gate: GateResult;
  team: string;
  builtAt: string | null;
  publishedAt: string;
  /** Why its canary's signals rolled it back; null: not marked bad. */
  bad: string | null;
}

export interface LiveRow {
  remote: string;
  variant: string;
  weight: number;
  eventId: number;
  since: string;
  build: StoredBuild;
}

export interface CanaryRow {
  remote: string;
  variant: string;
  percent: number;
  steps: number[];
  stepStartedAt: string;
  startedAt: string;
  paused: boolean;
  team: string;
  build: StoredBuild;
}

export interface RemoteRow {
  remote: string;
  control: string | null;
  lockTeam: string | null;
  lockUntil: string | null;
  /** A registered remote's definition (null: a built-in remote's row, or a name never registered). */
  definition: RemoteDefinition | null;
  registeredAt: string | null;
  registeredBy: string | null;
}

/** A registered remote's stored definition, or null when the row holds none (or none readable). */
function definitionOf(remote: string, json: string | null | undefined): RemoteDefinition | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as { routes?: RemoteDefinition['routes']; slots?: RemoteDefinition['slots'] };
    return { name: remote, routes: parsed.routes ?? [], slots: parsed.slots ?? {} };
  } catch {
    return null;
  }
}

/** The parts of an event the flows write (the id and time are the store's). */
export type NewEvent = Omit<MfeEventTable, 'id' | 'at' | 'gate'> & { gate?: GateResult | null };

/** Rows of blob inserts per statement: bounded parameters on both engines. */
const BLOB_BATCH = 100;

function buildOf(row: MfeBuildTable): StoredBuild {
  return {
    hash: row.hash,
    remote: row.remote,
    variant: row.variant,
    version: row.version,
    container: row.container,
    contracts: row.contracts,
    entryIntegrity: row.entry_integrity,
    ssrPath: row.ssr_path,
    ssrIntegrity: row.ssr_integrity,
    origin: row.origin,
    files: JSON.parse(row.files) as BuildFile[],
    gate: JSON.parse(row.gate) as GateResult,
    team: row.team,
    builtAt: row.built_at,
    publishedAt: row.published_at,
    bad: row.bad ?? null,
  };
}

export function eventOf(row: Omit<MfeEventTable, 'id'> & { id: number | string }): RegistryEvent {
  return {
    id: Number(row.id),
    at: row.at,
    remote: row.remote,
    variant: row.variant,
    action: row.action,
    version: row.version,
    build: row.build_hash,
    previousVersion: row.previous_version,
    previousBuild: row.previous_hash,
    weight: row.weight === null ? null : Number(row.weight),
    team: row.team,
    reason: row.reason,
    gate: row.gate ? (JSON.parse(row.gate) as GateResult) : null,
  };
}

type Executor = Db['kysely'] | Transaction<Database>;

/**
 * The registry's tables (migration 0014-mfe-registry) as the release flows use them: builds and
 * their blobs, the live rows, the per-remote release lease and the history. Speaks Kysely only,
 * so SQLite and PostgreSQL answer the same.
 */
export class RegistryStore {
  constructor(readonly db: Db) {}

  async build(hash: string): Promise<StoredBuild | null> {
    const row = await this.db.kysely.selectFrom('mfe_build').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row ? buildOf(row) : null;
  }

  /** A build by the start of its hash (the 16 characters in its URLs). */
  async buildByPrefix(remote: string, prefix: string): Promise<StoredBuild | null> {
    if (!/^[0-9a-f]{16,64}$/.test(prefix)) return null;
    const rows = await this.db.kysely
      .selectFrom('mfe_build')
      .selectAll()
      .where('remote', '=', remote)
      .where('hash', '>=', prefix)
      .where('hash', '<', `${prefix}g`)
      .limit(2)
      .execute();
    return rows.length === 1 ? buildOf(rows[0]) : null;
  }

  async buildByVersion(remote: string, variant: string, version: string): Promise<StoredBuild | null> {
    const row = await this.db.kysely
      .selectFrom('mfe_build')
      .selectAll()
      .where('remote', '=', remote)
      .where('variant', '=', variant)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? buildOf(row) : null;
  }

  /** Every version published of a remote, per variant, oldest first. */
  async versions(remote: string): Promise<{ version: string; variant: string; publishedAt: string }[]> {
    const rows = await this.db.kysely
      .selectFrom('mfe_build')
      .select(['version', 'variant', 'published_at'])
      .where('remote', '=', remote)
      .orderBy('published_at')
      .orderBy('version')
      .execute();
    return rows.map((row) => ({ version: row.version, variant: row.variant, publishedAt: row.published_at }));
  }

  async blob(hash: string): Promise<Buffer | null> {
    const row = await this.db.kysely.selectFrom('mfe_blob').select('bytes').where('hash', '=', hash).executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  }

  async live(executor: Executor = this.db.kysely): Promise<LiveRow[]> {
    const rows = await executor
      .selectFrom('mfe_live')
      .innerJoin('mfe_build', 'mfe_build.hash', 'mfe_live.build_hash')
      .innerJoin('mfe_event', 'mfe_event.id', 'mfe_live.event_id')
      .selectAll('mfe_build')
      .select(['mfe_live.variant as live_variant', 'mfe_live.weight', 'mfe_live.event_id', 'mfe_event.at as since'])
      .orderBy('mfe_live.remote')
      .orderBy('mfe_live.variant')
      .execute();
    return rows.map((row) => ({
      remote: row.remote,
      variant: row.live_variant,
      weight: Number(row.weight),
      eventId: Number(row.event_id),
      since: row.since,
      build: buildOf(row),
    }));
  }

  async canaries(executor: Executor = this.db.kysely): Promise<CanaryRow[]> {
    const rows = await executor
      .selectFrom('mfe_canary')
      .innerJoin('mfe_build', 'mfe_build.hash', 'mfe_canary.build_hash')
      .selectAll('mfe_build')
      .select([
        'mfe_canary.variant as canary_variant',
        'mfe_canary.percent',
        'mfe_canary.steps',
        'mfe_canary.step_started_at',
        'mfe_canary.started_at',
        'mfe_canary.paused',
        'mfe_canary.team as canary_team',
      ])
      .orderBy('mfe_canary.remote')
      .orderBy('mfe_canary.variant')
      .execute();
    return rows.map((row) => ({
      remote: row.remote,
      variant: row.canary_variant,
      percent: Number(row.percent),
      steps: JSON.parse(row.steps) as number[],
      stepStartedAt: row.step_started_at,
      startedAt: row.started_at,
      paused: Number(row.paused) === 1,
      team: row.canary_team,
      build: buildOf(row),
    }));
  }

  async setCanary(executor: Executor, row: Database['mfe_canary']): Promise<void> {
    await executor
      .insertInto('mfe_canary')
      .values(row)
      .onConflict((oc) => oc.columns(['remote', 'variant']).doUpdateSet(row))
      .execute();
  }

  /**
   * Moves a canary on only if it is still where the caller saw it (its step began at
   * `stepStartedAt`): of several instances deciding the same step, one changes it.
   */
  async updateCanary(
    executor: Executor,
    key: { remote: string; variant: string; stepStartedAt: string },
    change: Partial<Pick<Database['mfe_canary'], 'percent' | 'step_started_at' | 'paused'>>,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('mfe_canary')
      .set(change)
      .where('remote', '=', key.remote)
      .where('variant', '=', key.variant)
      .where('step_started_at', '=', key.stepStartedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async removeCanary(executor: Executor, key: { remote: string; variant: string; stepStartedAt?: string }): Promise<boolean> {
    let query = executor.deleteFrom('mfe_canary').where('remote', '=', key.remote).where('variant', '=', key.variant);
    if (key.stepStartedAt) query = query.where('step_started_at', '=', key.stepStartedAt);
    return Number((await query.executeTakeFirst()).numDeletedRows) === 1;
  }

  async markBad(executor: Executor, hash: string, why: string | null): Promise<void> {
    await executor.updateTable('mfe_build').set({ bad: why }).where('hash', '=', hash).execute();
  }

  async remotes(executor: Executor = this.db.kysely): Promise<RemoteRow[]> {
    const rows = await executor.selectFrom('mfe_remote').selectAll().orderBy('remote').execute();
    return rows.map((row) => ({
      remote: row.remote,
      control: row.control,
      lockTeam: row.lock_team,
      lockUntil: row.lock_until,
      definition: definitionOf(row.remote, row.definition),
      registeredAt: row.registered_at ?? null,
      registeredBy: row.registered_by ?? null,
    }));
  }

  /** The shop's remotes: the built-in five, then those registered, oldest first (docs/architecture.md, "The shop's remotes"). */
  async definitions(executor: Executor = this.db.kysely): Promise<RemoteDefinition[]> {
    const rows = (await this.remotes(executor)).filter((row) => row.definition !== null);
    rows.sort((a, b) => (a.registeredAt ?? '').localeCompare(b.registeredAt ?? '') || a.remote.localeCompare(b.remote));
    return shopRemotes(rows.map((row) => row.definition!));
  }

  /**
   * Registers a remote: its row gets the definition (a row made earlier for a lease, without one,
   * is taken over). Answers false when the name is registered already — two operators registering
   * one name at once: one wins.
   */
  async registerRemote(definition: RemoteDefinition, team: string, now: string): Promise<boolean> {
    const json = JSON.stringify({ routes: definition.routes, slots: definition.slots });
    await this.db.kysely
      .insertInto('mfe_remote')
      .values({ remote: definition.name, control: null, lock_id: null, lock_team: null, lock_until: null })
      .onConflict((conflict) => conflict.column('remote').doNothing())
      .execute();
    const result = await this.db.kysely
      .updateTable('mfe_remote')
      .set({ definition: json, registered_at: now, registered_by: team })
      .where('remote', '=', definition.name)
      .where('definition', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A registered remote leaves the shop (its row's definition goes; its history stays). */
  async unregisterRemote(remote: string): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('mfe_remote')
      .set({ definition: null, registered_at: null, registered_by: null })
      .where('remote', '=', remote)
      .where('definition', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The builds of a remote its canaries marked bad, newest first, with when it happened (their canary-fail event). */
  async badBuilds(remote: string, limit = 5): Promise<{ build: string; version: string; variant: string; reason: string; at: string | null }[]> {
    const rows = await this.db.kysely
      .selectFrom('mfe_build')
      .select(['hash', 'version', 'variant', 'bad'])
      .where('remote', '=', remote)
      .where('bad', 'is not', null)
      .orderBy('published_at', 'desc')
      .limit(limit)
      .execute();
    return Promise.all(
      rows.map(async (row) => {
        const failed = await this.db.kysely
          .selectFrom('mfe_event')
          .select('at')
          .where('remote', '=', remote)
          .where('build_hash', '=', row.hash)
          .where('action', '=', 'canary-fail')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return { build: row.hash, version: row.version, variant: row.variant, reason: row.bad!, at: failed?.at ?? null };
      }),
    );
  }

  async history(remote: string, limit: number): Promise<RegistryEvent[]> {
    const rows = await this.db.kysely.selectFrom('mfe_event').selectAll().where('remote', '=', remote).orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => eventOf({ ...row, id: Number(row.id) }));
  }

  /** The latest release event that made this build live on this variant: its `previous_hash` is what a rollback returns to. */
  async releaseOf(remote: string, variant: string, hash: string): Promise<RegistryEvent | null> {
    const row = await this.db.kysely
      .selectFrom('mfe_event')
      .selectAll()
      .where('remote', '=', remote)
      .where('variant', '=', variant)
      .where('action', '=', 'release')
      .where('build_hash', '=', hash)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? eventOf({ ...row, id: Number(row.id) }) : null;
  }

  /**
   * Takes the remote's release lease until `until`, unless another holds one that has not run
   * out. One conditional UPDATE: of two releases at the same moment — on one instance or two —
   * exactly one gets the row. Answers who holds it otherwise.
   */
  async acquireLease(
    remote: string,
    lockId: string,
    team: string,
    now: string,
    until: string,
  ): Promise<{ acquired: true } | { acquired: false; team: string; until: string }> {
    await this.db.kysely
      .insertInto('mfe_remote')
      .values({ remote, control: null, lock_id: null, lock_team: null, lock_until: null })
      .onConflict((conflict) => conflict.column('remote').doNothing())
      .execute();
    const result = await this.db.kysely
      .updateTable('mfe_remote')
      .set({ lock_id: lockId, lock_team: team, lock_until: until })
      .where('remote', '=', remote)
      .where((eb) => eb.or([eb('lock_until', 'is', null), eb('lock_until', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { acquired: true };
    const holder = await this.db.kysely.selectFrom('mfe_remote').select(['lock_team', 'lock_until']).where('remote', '=', remote).executeTakeFirstOrThrow();
    return { acquired: false, team: holder.lock_team ?? '?', until: holder.lock_until ?? now };
  }

  async releaseLease(remote: string, lockId: string): Promise<void> {
    await this.db.kysely
      .updateTable('mfe_remote')
      .set({ lock_id: null, lock_team: null, lock_until: null })
      .where('remote', '=', remote)
      .where('lock_id', '=', lockId)
      .execute();
  }

  /** Stores a build's blobs (those the store lacks) and its row; both are immutable afterwards. */
  async storeBuild(
    executor: Executor,
    candidate: BuildCandidate,
    fields: { gate: GateResult; team: string; origin: string | null; now: string },
  ): Promise<void> {
    const hashes = [...candidate.blobs.keys()];
    const known = new Set<string>();
    for (let i = 0; i < hashes.length; i += 500) {
      const rows = await executor
        .selectFrom('mfe_blob')
        .select('hash')
        .where('hash', 'in', hashes.slice(i, i + 500))
        .execute();
      for (const row of rows) known.add(row.hash);
    }
    const fresh = hashes.filter((hash) => !known.has(hash));
    for (let i = 0; i < fresh.length; i += BLOB_BATCH) {
      await executor
        .insertInto('mfe_blob')
        .values(
          fresh
            .slice(i, i + BLOB_BATCH)
            .map((hash) => ({ hash, size: candidate.blobs.get(hash)!.length, bytes: candidate.blobs.get(hash)!, created_at: fields.now })),
        )
        .onConflict((conflict) => conflict.column('hash').doNothing())
        .execute();
    }
    await executor
      .insertInto('mfe_build')
      .values({
        hash: candidate.hash,
        remote: candidate.info.remote,
        variant: candidate.variant,
        version: candidate.info.version,
        container: candidate.info.container,
        contracts: candidate.info.contracts,
        entry_integrity: candidate.entryIntegrity,
        ssr_path: candidate.info.ssr ?? null,
        ssr_integrity: candidate.ssrIntegrity,
        origin: fields.origin,
        files: JSON.stringify(candidate.files),
        gate: JSON.stringify(fields.gate),
        team: fields.team,
        built_at: candidate.info.builtAt ?? null,
        published_at: fields.now,
      })
      .execute();
  }

  async addEvent(executor: Executor, event: NewEvent, now: string): Promise<RegistryEvent> {
    const row = await executor
      .insertInto('mfe_event')
      .values({ ...event, gate: event.gate ? JSON.stringify(event.gate) : null, at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return eventOf({ ...row, id: Number(row.id) });
  }

  async setLive(executor: Executor, row: { remote: string; variant: string; build_hash: string; weight: number; event_id: number }): Promise<void> {
    await executor
      .insertInto('mfe_live')
      .values(row)
      .onConflict((conflict) => conflict.columns(['remote', 'variant']).doUpdateSet({ build_hash: row.build_hash, weight: row.weight, event_id: row.event_id }))
      .execute();
  }

  async removeLive(executor: Executor, remote: string, variant: string): Promise<void> {
    await executor.deleteFrom('mfe_live').where('remote', '=', remote).where('variant', '=', variant).execute();
  }

  async setControl(executor: Executor, remote: string, control: string | null): Promise<void> {
    await executor.updateTable('mfe_remote').set({ control }).where('remote', '=', remote).execute();
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(work);
  }

  /** The newest event id: moves with every change (tests and benchmarks wait on it). */
  async lastEventId(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('mfe_event')
      .select(sql<number>`coalesce(max(id), 0)`.as('id'))
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
}
