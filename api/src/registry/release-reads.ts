/** The registry's reads: a build as the registry's API answers it, and every remote's status. */
import type { RegistryBuild, RemoteStatus } from '@kaloryfer/api-contract';
import { DEFAULT_VARIANT, type BuildCandidate } from './build-files';
import { buildBase } from './live-registry';
import type { RegistryStore, StoredBuild } from './registry-store';

/** A build as the registry's API answers it: a stored build, or a candidate before it is stored (given who publishes it, and where from). */
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

/** Every remote of the shop: its live variants (each with its running canary), the lease a change holds, its bad builds. */
export async function registryStatus(store: RegistryStore, clock: () => Date): Promise<{ remotes: RemoteStatus[] }> {
  const [rows, remotes, canaries, definitions] = await Promise.all([store.live(), store.remotes(), store.canaries(), store.definitions()]);
  const now = clock().toISOString();
  const bad = await Promise.all(definitions.map((definition) => store.badBuilds(definition.name)));
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
