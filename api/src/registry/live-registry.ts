import type { RemoteDefinition } from '@kaloryfer/contracts/meta';
import type { Db } from '../db/database';
import { pgListener, type PgListener } from '../db/pg-listener';
import { sha256Hex } from './build-files';
import type { CanaryRow, LiveRow, RegistryStore, RemoteRow, StoredBuild } from './registry-store';

/** Where every instance serves the builds the registry stores: `/mfe/<remote>/<build id>/<file>`. */
export const BUILD_FILES_PATH = '/mfe';
/** The build id in URLs: the first 16 hex digits of the build hash (unique per remote, checked on lookup). */
export const URL_BUILD_ID_LENGTH = 16;

/** How long a browser waits for a remote's code before its region falls back (the registry's `timeoutMs`). */
export const REMOTE_TIMEOUT_MS = 8000;

/** The registry as browsers, the service worker and the page server read it (/mfe-registry.json). */
export interface RegistryJson {
  timeoutMs: number;
  remotes: Record<string, unknown>;
  /** The remotes an operator registered beyond the built-in five: their routes and slots (absent when none). */
  definitions?: RemoteDefinition[];
}

/** The folder a build's browser files are served from: the team's origin, or this shop's /mfe/. */
export function buildBase(build: Pick<StoredBuild, 'remote' | 'hash' | 'origin'>): string {
  return build.origin ?? `${BUILD_FILES_PATH}/${build.remote}/${build.hash.slice(0, URL_BUILD_ID_LENGTH)}/`;
}

/** One build's registry entry: the shape /mfe-registry.json has always had, with its integrity and id added. */
export function registryEntryOf(build: StoredBuild): Record<string, unknown> {
  const local = `${BUILD_FILES_PATH}/${build.remote}/${build.hash.slice(0, URL_BUILD_ID_LENGTH)}/`;
  return {
    name: build.container,
    entry: `${buildBase(build)}mf-manifest.json`,
    version: build.version,
    contracts: build.contracts,
    // The server build is always the shop's own copy: rendering never depends on a team's CDN.
    ...(build.ssrPath ? { ssr: `${local}${build.ssrPath}`, ssrIntegrity: build.ssrIntegrity } : {}),
    integrity: build.entryIntegrity,
    publishedAt: build.publishedAt,
    build: build.hash,
  };
}

/**
 * The live rows as the registry JSON: one build per remote, or its A/B variants with weights and
 * control; a variant with a running canary names it beside its build (`canary`: the build and
 * the share of shoppers it gets).
 */
export function registryJsonOf(live: LiveRow[], remotes: RemoteRow[], canaries: CanaryRow[] = [], timeoutMs = REMOTE_TIMEOUT_MS): RegistryJson {
  const json: RegistryJson = { timeoutMs, remotes: {} };
  const registered = remotes.filter((row) => row.definition !== null).sort((a, b) => (a.registeredAt ?? '').localeCompare(b.registeredAt ?? ''));
  if (registered.length > 0) json.definitions = registered.map((row) => row.definition!);
  const byRemote = new Map<string, LiveRow[]>();
  for (const row of live) byRemote.set(row.remote, [...(byRemote.get(row.remote) ?? []), row]);
  const withCanary = (row: LiveRow) => {
    const canary = canaries.find((candidate) => candidate.remote === row.remote && candidate.variant === row.variant);
    return { ...registryEntryOf(row.build), ...(canary ? { canary: { ...registryEntryOf(canary.build), percent: canary.percent } } : {}) };
  };
  for (const [remote, rows] of byRemote) {
    if (rows.length === 1 && rows[0].variant === 'default') {
      json.remotes[remote] = withCanary(rows[0]);
      continue;
    }
    const control = remotes.find((row) => row.remote === remote)?.control;
    json.remotes[remote] = {
      control: control && rows.some((row) => row.variant === control) ? control : rows[0].variant,
      variants: Object.fromEntries(rows.map((row) => [row.variant, { ...withCanary(row), weight: row.weight }])),
    };
  }
  return json;
}

export interface LiveState {
  /** Changes whenever what shoppers get changes (a release, rollback, weight, withdrawal). */
  version: string;
  json: RegistryJson;
  text: string;
  rows: LiveRow[];
  canaries: CanaryRow[];
}

/**
 * What this instance serves, kept in memory: read from the database at start and again
 * whenever it changes — at once after a change made here, and on PostgreSQL at the commit of a
 * change made on any instance (`NOTIFY kf_registry`, migration 0014), so a release reaches every
 * instance's next request without a restart or a shared file. The page server and
 * /mfe-registry.json read `current()`: a memory read per request.
 */
export class LiveRegistry {
  private state: LiveState = LiveRegistry.stateOf([], [], []);
  private readonly listeners = new Set<(state: LiveState) => void>();
  private loading: Promise<void> | null = null;
  private again = false;
  private readonly feed: PgListener | null;

  constructor(
    private readonly store: RegistryStore,
    db: Db,
    log: (message: string) => void = () => {},
  ) {
    const reload = () => void this.reload().catch((error: Error) => log(`registry: could not reload (${error.message})`));
    this.feed = pgListener(db, ['kf_registry'], { notification: reload, reconnected: reload }, log);
  }

  private static stateOf(rows: LiveRow[], remotes: RemoteRow[], canaries: CanaryRow[]): LiveState {
    const json = registryJsonOf(rows, remotes, canaries);
    const text = `${JSON.stringify(json, null, 2)}\n`;
    return { version: sha256Hex(text).slice(0, 16), json, text, rows, canaries };
  }

  current(): LiveState {
    return this.state;
  }

  /** Calls `listener` with each new state (a release seen here or on another instance). */
  onChange(listener: (state: LiveState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.reload();
    await this.feed?.start();
  }

  async stop(): Promise<void> {
    await this.feed?.stop();
    await this.loading?.catch(() => {});
  }

  /** Reads the live rows again; reloads asked for while one runs are served by one more after it. */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        const [rows, remotes, canaries] = await Promise.all([this.store.live(), this.store.remotes(), this.store.canaries()]);
        const next = LiveRegistry.stateOf(rows, remotes, canaries);
        if (next.version !== this.state.version) {
          this.state = next;
          for (const listener of this.listeners) listener(next);
        }
      } while (this.again);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }
}
