import { buildBase } from './live-registry';
import type { Override } from '@kaloryfer/api-contract';
import type { LiveRow, StoredBuild } from './registry-store';
import { ReleaseRefused } from './release-refusals';

/** Where an override's build comes from: a version the registry published, or a team's https URL. */
export async function resolveOverride(
  store: { buildByVersion(remote: string, variant: string, version: string): Promise<StoredBuild | null>; live(): Promise<LiveRow[]> },
  request: { remote: string; target: string; variant?: string; minutes: number; now: Date },
): Promise<Override> {
  const live = (await store.live()).filter((row) => row.remote === request.remote);
  if (live.length === 0) throw new ReleaseRefused(404, `${request.remote} has no live build to override`);
  const variant = request.variant ?? (live.length === 1 ? live[0].variant : undefined);
  const current = live.find((row) => row.variant === variant);
  if (!variant || !current)
    throw new ReleaseRefused(400, `${request.remote} has variants ${live.map((row) => row.variant).join(', ')}: say which one to override`);
  const until = new Date(request.now.getTime() + request.minutes * 60_000).toISOString();
  if (/^https:\/\//.test(request.target)) {
    const url = new URL(request.target);
    if (url.search || url.hash || !/\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname))
      throw new ReleaseRefused(400, "an override URL names the build's remoteEntry.js or mf-manifest.json over https, without a query");
    const entry = `${url.origin}${url.pathname.replace(/mf-manifest\.json$/, 'remoteEntry.js')}`;
    return {
      remote: request.remote,
      variant,
      name: current.build.container,
      entry,
      integrity: null,
      version: 'override',
      contracts: current.build.contracts,
      origin: url.origin,
      until,
    };
  }
  const build = await store.buildByVersion(request.remote, variant, request.target);
  if (!build)
    throw new ReleaseRefused(404, `no build of ${request.remote}${variant === 'default' ? '' : ` variant ${variant}`} ${request.target} was ever published`);
  return {
    remote: request.remote,
    variant,
    name: build.container,
    entry: `${buildBase({ ...build, origin: null })}remoteEntry.js`,
    integrity: build.entryIntegrity,
    version: build.version,
    contracts: build.contracts,
    origin: null,
    until,
  };
}
