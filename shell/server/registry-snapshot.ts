import { shopRemotes, type RemoteName } from '@kaloryfer/contracts';
import { parseRegistry, type Registry, type RemoteVariant } from '../src/registry/registry';

/** What a build's manifest tells the page server: its entry and each exposed module's files. */
export interface BuildAssets {
  /** The build's remoteEntry.js, which the browser registers (no manifest round trip). */
  remoteEntry: string;
  /** Per exposed module ('./app'): its own scripts and stylesheets, absolute URLs. */
  exposes: Record<string, { js: string[]; css: string[] }>;
  /** False when the manifest could not be read (asked again with the next snapshot). */
  fromManifest: boolean;
  /** The build's route-chunks.json, URLs made absolute (docs/rendering.md); absent from older builds. */
  routeChunks?: RouteChunks;
}

/** Which files each route page and exposed module needs, their integrity, and each stylesheet's chunk. */
export interface RouteChunks {
  /** The build's uniqueName: its runtime marks the stylesheet links it loads with it. */
  container: string;
  /** Route page chunk (`page-…`) → its scripts. */
  pages: Record<string, string[]>;
  /** Exposed module ('./app') → its scripts. */
  exposes: Record<string, string[]>;
  /** Language ('pl-PL') → the scripts of the remote's dictionary in it. */
  dictionaries: Record<string, string[]>;
  /** Script → the SRI hash the runtime loads it with. */
  integrity: Record<string, string>;
  /** Stylesheet → the id of its chunk. */
  cssChunks: Record<string, string>;
}

interface RouteChunksFile {
  container: string;
  pages: Record<string, { js: string[] }>;
  exposes: Record<string, { js: string[] }>;
  dictionaries: Record<string, { js: string[] }>;
  integrity: Record<string, string>;
  cssChunks: Record<string, string>;
}

/** One build of one remote as this snapshot of the registry names it. */
export interface ResolvedBuild {
  remote: RemoteName;
  variant: RemoteVariant;
  /** Identity of the build's files: a folder published again under one version is another build. */
  key: string;
  assets: BuildAssets;
}

export interface RegistrySnapshot {
  /** The live registry's version: every release, rollback or weight changes it. */
  version: string;
  registry: Registry;
  /** The registry as published (the shape pages hand to the browser). */
  raw: { timeoutMs?: number; remotes: Record<string, unknown>; definitions?: unknown[] };
  /** The stable build of a variant, or (`canary`) the canary beside it. */
  build(remote: RemoteName, variantId: string, canary?: boolean): ResolvedBuild | undefined;
  builds(): ResolvedBuild[];
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets: { js: { sync: string[] }; css: { sync: string[]; async: string[] } } }[];
}

export type FetchJson = (url: string) => Promise<unknown>;

const CANARY = ' canary';

/** A variant's canary as a variant of its own: the same id and weight, the canary's build. */
export function canaryVariantOf(stable: RemoteVariant): RemoteVariant {
  const { percent: _percent, ...build } = stable.canary!;
  return { ...build, id: stable.id, weight: stable.weight };
}

export const buildKey = (variant: RemoteVariant) =>
  `${variant.name}@${variant.version}#${variant.build ?? variant.publishedAt ?? ''}@${variant.entry}@${variant.ssr ?? ''}`;

/**
 * The build's files from its manifest. A manifest that cannot be read still leaves the build
 * usable by the browser: its entry sits beside the manifest (the build config names it
 * remoteEntry.js); only the inlined styles and preloads are then missing.
 */
export async function resolveAssets(entry: string, fetchJson: FetchJson, localOrigin: string): Promise<BuildAssets> {
  const manifestUrl = new URL(entry, localOrigin);
  // A build on the shop's own origin is named by path: the browser gets paths too.
  const beside = (file: string) => {
    const url = new URL(file, manifestUrl);
    return entry.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
  };
  try {
    const [manifest, routeChunks] = await Promise.all([
      fetchJson(manifestUrl.href) as Promise<Manifest>,
      (fetchJson(new URL(ROUTE_CHUNKS_FILE, manifestUrl).href) as Promise<RouteChunksFile>).then(
        (file) => routeChunksOf(file, beside),
        () => undefined,
      ),
    ]);
    const entry = manifest.metaData?.remoteEntry;
    return {
      ...(routeChunks ? { routeChunks } : {}),
      remoteEntry: beside(`${entry?.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry?.name ?? 'remoteEntry.js'}`),
      exposes: Object.fromEntries(
        (manifest.exposes ?? []).map((expose) => [
          expose.path,
          {
            js: expose.assets.js.sync.map(beside),
            css: [...expose.assets.css.sync, ...expose.assets.css.async].map(beside),
          },
        ]),
      ),
      fromManifest: true,
    };
  } catch {
    return { remoteEntry: beside('remoteEntry.js'), exposes: {}, fromManifest: false };
  }
}

const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** The file as the build wrote it (names beside the manifest), with absolute URLs; undefined if it is not one. */
function routeChunksOf(file: RouteChunksFile, beside: (file: string) => string): RouteChunks | undefined {
  if (typeof file?.container !== 'string' || typeof file.pages !== 'object' || typeof file.integrity !== 'object') return undefined;
  const scripts = (groups: Record<string, { js: string[] }>) =>
    Object.fromEntries(Object.entries(groups ?? {}).map(([name, group]) => [name, group.js.map(beside)]));
  const byUrl = (map: Record<string, string>) => Object.fromEntries(Object.entries(map ?? {}).map(([name, value]) => [beside(name), value]));
  return {
    container: file.container,
    pages: scripts(file.pages),
    exposes: scripts(file.exposes),
    dictionaries: scripts(file.dictionaries),
    integrity: byUrl(file.integrity),
    cssChunks: byUrl(file.cssChunks),
  };
}

async function snapshotOf(
  version: string,
  json: unknown,
  fetchJson: FetchJson,
  localOrigin: string,
  known: Map<string, BuildAssets>,
): Promise<RegistrySnapshot> {
  let raw: RegistrySnapshot['raw'] = { remotes: {} };
  let registry: Registry = { timeoutMs: 8000, remotes: {}, shop: shopRemotes() };
  try {
    raw = json as RegistrySnapshot['raw'];
    registry = parseRegistry(raw);
  } catch (error) {
    // An unreadable registry: every region gets its fallback; header and navigation still work.
    console.error('[page-server] the remote registry is unreadable', error);
    raw = { remotes: {} };
  }
  const resolved = new Map<string, ResolvedBuild>();
  await Promise.all(
    Object.values(registry.remotes).flatMap((entry) =>
      entry!.variants.flatMap((stable) =>
        // A variant's canary is one more build to resolve, warm and render (docs/releasing.md, "Canaries").
        [stable, ...(stable.canary ? [canaryVariantOf(stable)] : [])].map(async (variant) => {
          const key = buildKey(variant);
          const assets = known.get(key) ?? (await resolveAssets(variant.entry, fetchJson, localOrigin));
          // Kept once complete; a build whose route-chunks.json could not be read is asked again with the next snapshot.
          if (assets.fromManifest && assets.routeChunks) known.set(key, assets);
          resolved.set(`${entry!.remote} ${variant.id}${variant === stable ? '' : CANARY}`, { remote: entry!.remote, variant, key, assets });
        }),
      ),
    ),
  );
  return {
    version,
    registry,
    raw,
    build: (remote, variantId, canary = false) => resolved.get(`${remote} ${variantId}${canary ? CANARY : ''}`),
    builds: () => [...resolved.values()],
  };
}

/**
 * Where the page server reads the registry: this instance's live registry
 * (api/src/registry/live-registry.ts), which follows every release on any instance. `current()`
 * is a memory read; `onChange` fires when what shoppers get changed.
 */
export interface RegistryFeed {
  current(): { version: string; json: unknown; text: string };
  onChange(listener: () => void): () => void;
}

/**
 * The registry as the page server sees it, per request: the feed's version is compared (a memory
 * read) and a new snapshot made when a release or rollback changed it, so the next request
 * renders with the new builds — no restart. `onChange` lets the renderers warm the new builds
 * and retire the old ones before the snapshot takes traffic; a change is prepared as soon as the
 * feed tells of it, not only when the next request comes.
 */
export class RegistrySource {
  private current: { version: string; snapshot: Promise<RegistrySnapshot> } | null = null;
  /** Manifests never change under one build key: read once. */
  private readonly assets = new Map<string, BuildAssets>();

  constructor(
    private readonly feed: RegistryFeed,
    private readonly fetchJson: FetchJson,
    /** Where builds named by a path (on the shop's own origin) are fetched from. */
    private readonly localOrigin: string,
    private readonly onChange: (snapshot: RegistrySnapshot) => Promise<void> = async () => undefined,
  ) {
    feed.onChange(() => {
      this.snapshot().catch((error: unknown) => console.error('[page-server] the new registry could not be prepared', error));
    });
  }

  snapshot(): Promise<RegistrySnapshot> {
    const { version, json } = this.feed.current();
    if (this.current?.version !== version) {
      const snapshot = snapshotOf(version, json, this.fetchJson, this.localOrigin, this.assets).then(async (made) => {
        await this.onChange(made);
        return made;
      });
      this.current = { version, snapshot };
    }
    return this.current.snapshot;
  }
}

/** A registry feed held in memory: tests and tools set the registry JSON it answers. */
export class MemoryRegistryFeed implements RegistryFeed {
  private state: { version: string; json: unknown; text: string };
  private readonly listeners = new Set<() => void>();
  private changes = 0;

  constructor(json: unknown = { remotes: {} }) {
    this.state = { version: 'v0', json, text: JSON.stringify(json) };
  }

  current() {
    return this.state;
  }

  set(json: unknown): void {
    this.changes += 1;
    this.state = { version: `v${this.changes}`, json, text: JSON.stringify(json) };
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
